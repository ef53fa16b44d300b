// Writes the fixture site's sample images: small real PNGs (a tinted field with a band),
// so the lightbox and tiles have genuine image files to load without shipping photos.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'site', 'assets', 'img');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(width, height, [r, g, b]) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    const band = y > height * 0.6 && y < height * 0.75;
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      const shade = band ? 0.55 : 1 - (0.25 * x) / width;
      raw[i] = r * shade;
      raw[i + 1] = g * shade;
      raw[i + 2] = b * shade;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const images = {
  'waiting-room': [120, 170, 200],
  'consultation': [150, 190, 160],
  'reception': [210, 180, 140],
  'lab': [180, 160, 210],
  'imaging': [140, 150, 190],
  'dr-ames': [200, 150, 150],
  'dr-baker': [150, 200, 190],
  'dr-chen': [190, 190, 130],
};
mkdirSync(out, { recursive: true });
for (const [name, colour] of Object.entries(images)) {
  writeFileSync(join(out, `${name}.png`), png(960, 640, colour));
  writeFileSync(join(out, `${name}-thumb.png`), png(240, 160, colour));
}
console.log(`wrote ${Object.keys(images).length * 2} images to ${out}`);
