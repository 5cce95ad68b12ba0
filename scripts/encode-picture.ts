/**
 * One rendered PNG to the committed WebP: enlarged to 1600 × 1000 (the size of the demo
 * pictures), a touch of sharpening after the enlargement, quality chosen to stay near 150 KB.
 * Used by scripts/render-pictures.sh.
 */
import sharp from "sharp";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: tsx scripts/encode-picture.ts IN.png OUT.webp");
  process.exit(2);
}
const info = await sharp(input)
  .resize(1600, 1000, { kernel: "lanczos3", fit: "cover" })
  .sharpen({ sigma: 0.6 })
  .webp({ quality: 82, effort: 6 })
  .toFile(output);
console.log(`${output}: ${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB`);
