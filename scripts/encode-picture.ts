/**
 * One rendered PNG to the committed WebP: at 1600 × 1000 (the size of the demo pictures; a
 * smaller render is enlarged and then sharpened a touch), at the best quality from 82 down that
 * keeps the file within 150 KB. Used by scripts/render-pictures.sh.
 */
import { writeFile } from "node:fs/promises";
import sharp from "sharp";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: tsx scripts/encode-picture.ts IN.png OUT.webp");
  process.exit(2);
}
const MAX_BYTES = 150 * 1024;
const { width } = await sharp(input).metadata();
const resized = sharp(input).resize(1600, 1000, { kernel: "lanczos3", fit: "cover" });
const enlarged = await (width !== undefined && width < 1600
  ? resized.sharpen({ sigma: 0.6 })
  : resized
)
  .png({ compressionLevel: 0 })
  .toBuffer();
let quality = 82;
let data = await sharp(enlarged).webp({ quality, effort: 6 }).toBuffer();
while (data.length > MAX_BYTES && quality > 60) {
  quality -= 4;
  data = await sharp(enlarged).webp({ quality, effort: 6 }).toBuffer();
}
await writeFile(output, data);
console.log(`${output}: 1600×1000, quality ${quality}, ${Math.round(data.length / 1024)} KB`);
