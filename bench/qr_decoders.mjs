// bench/qr_parts.py's decode rates for the JS decoders: jsQR, zxing-wasm (barcode-detector's) and
// qr (paulmillr's decodeQR, the app's decoder), over the grey images it wrote (index.json): prints
// {results: [[jsQR, zxing, qr], ...], ms: [a, b, c]}.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsQR from "jsqr";
import decodeQR from "qr/decode.js";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

const folder = process.argv[2];
const index = JSON.parse(readFileSync(join(folder, "index.json"), "utf8"));
const wasm = readFileSync("node_modules/zxing-wasm/dist/reader/zxing_reader.wasm");
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length) }, fireImmediately: true });
const results = [];
const ms = [0, 0, 0];
for (const entry of index) {
  const grey = readFileSync(join(folder, entry.file));
  const rgba = new Uint8ClampedArray(entry.width * entry.height * 4);
  for (let i = 0; i < grey.length; i += 1) {
    rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = grey[i];
    rgba[4 * i + 3] = 255;
  }
  let started = performance.now();
  const one = jsQR(rgba, entry.width, entry.height, { inversionAttempts: "dontInvert" });
  ms[0] += performance.now() - started;
  started = performance.now();
  const found = await readBarcodes({ data: rgba, width: entry.width, height: entry.height, colorSpace: "srgb" },
    { formats: ["QRCode"], tryHarder: true });
  ms[1] += performance.now() - started;
  started = performance.now();
  let read = null;
  try { read = decodeQR({ width: entry.width, height: entry.height, data: rgba }, { effort: Infinity, timeLimit: Infinity }); } catch { /* none found */ }
  ms[2] += performance.now() - started;
  results.push([one !== null && one.data === entry.text ? 1 : 0,
    found.some((code) => code.text === entry.text) ? 1 : 0, read === entry.text ? 1 : 0]);
}
process.stdout.write(JSON.stringify({ results, ms }));
