/**
 * The largest picture, in pixels, the server decodes: 40 megapixels, more than any camera photo
 * needs, little enough to decode safely. Bigger uploads are refused before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
