/**
 * A minimal PNG reader for the tests: checks the signature and every chunk's CRC, reads the
 * header, and decodes 8-bit RGBA (what resvg writes) so tests can look at pixels.
 */
import { inflateSync, crc32 } from "node:zlib";

export interface PngImage {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** RGBA bytes, row by row; only for 8-bit RGBA images. */
  pixels?: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export function readPng(bytes: Uint8Array, decodePixels = false): PngImage {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  SIGNATURE.forEach((byte, i) => {
    if (data[i] !== byte) throw new Error("not a PNG: bad signature");
  });
  let offset = 8;
  let header: PngImage | undefined;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    const crc = data.readUInt32BE(offset + 8 + length);
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`PNG chunk ${type} has a bad CRC`);
    if (type === "IHDR") {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8]!, colorType: body[9]! };
      if (body[12] !== 0) throw new Error("interlaced PNGs are not supported by this reader");
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header) throw new Error("PNG has no IHDR chunk");
  if (!ended) throw new Error("PNG has no IEND chunk (truncated)");
  if (!decodePixels) return header;
  if (header.bitDepth !== 8 || header.colorType !== 6) throw new Error(`pixel decoding needs 8-bit RGBA, got depth ${header.bitDepth} type ${header.colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = header.width * 4;
  const pixels = new Uint8Array(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  return { ...header, pixels };
}

/** Count of pixels with any opacity inside a rectangle. */
export function opaquePixels(image: PngImage, x0: number, y0: number, width: number, height: number): number {
  if (!image.pixels) throw new Error("decode the PNG with pixels first");
  let count = 0;
  for (let y = y0; y < y0 + height; y++) {
    for (let x = x0; x < x0 + width; x++) if (image.pixels[(y * image.width + x) * 4 + 3]! > 0) count++;
  }
  return count;
}

/** The RGBA value of one pixel. */
export function pixelAt(image: PngImage, x: number, y: number): [number, number, number, number] {
  if (!image.pixels) throw new Error("decode the PNG with pixels first");
  const i = (y * image.width + x) * 4;
  return [image.pixels[i]!, image.pixels[i + 1]!, image.pixels[i + 2]!, image.pixels[i + 3]!];
}
