import { sql } from 'drizzle-orm';
import { c as closeDatabase, d as database, a as db, b as categories, p as products, e as productAliases, f as flashSales } from './client.js-CTlknuH-.js';
import { l as log, n as nowMs, a as now } from './app-error.js-BJVvpKXy.js';
import { s as storage, a as asciiFileName } from './index4.js-DXozWz78.js';
import { s as slugify } from './paths2.js-Di5BGqld.js';
import { c as config } from './config.js-CBoIX22t.js';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrate as migrate$1 } from 'drizzle-orm/postgres-js/migrator';
import { i as isUnavailable } from './classify.js-IAiHLL2t.js';
import { r as rateLimitStore, a as setRateLimitStore } from './index3.js-8T1uxQKq.js';
import { Redis } from '@upstash/redis';
import { Redis as Redis$1 } from 'ioredis';
import { createHash } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';

const jobs = /* @__PURE__ */ new Map();
const HEARTBEAT_MS = 1e3;
let heartbeatTimer;
let lastHeartbeat = 0;
function registerJob(name, intervalMs, run) {
  if (jobs.has(name)) return;
  const job = { name, intervalMs, run, running: false };
  jobs.set(name, job);
  if (heartbeatTimer) schedule(job);
}
function schedule(job) {
  job.startedAt = Date.now();
  job.timer = setInterval(async () => {
    if (job.running) return;
    job.running = true;
    try {
      await job.run();
      job.lastSuccessAt = Date.now();
      job.lastError = void 0;
    } catch (error) {
      job.lastError = error instanceof Error ? error.message : String(error);
      log.warn("background job failed", { job: job.name, error });
    } finally {
      job.running = false;
    }
  }, job.intervalMs);
  job.timer.unref();
}
function startJobs() {
  if (heartbeatTimer) return;
  lastHeartbeat = Date.now();
  heartbeatTimer = setInterval(() => lastHeartbeat = Date.now(), HEARTBEAT_MS);
  heartbeatTimer.unref();
  for (const job of jobs.values()) schedule(job);
}
function stopJobs() {
  clearInterval(heartbeatTimer);
  heartbeatTimer = void 0;
  for (const job of jobs.values()) clearInterval(job.timer);
}
const JOB_GRACE_MS = 1e4;
function workerStatus() {
  const at = Date.now();
  const age = heartbeatTimer ? at - lastHeartbeat : null;
  const list2 = [...jobs.values()].map((j) => {
    const since = j.lastSuccessAt ?? j.startedAt;
    return {
      name: j.name,
      intervalMs: j.intervalMs,
      lastSuccessAt: j.lastSuccessAt ? new Date(j.lastSuccessAt).toISOString() : null,
      lastError: j.lastError ?? null,
      stale: since !== void 0 && at - since > j.intervalMs * 3 + JOB_GRACE_MS
    };
  });
  return { ok: age !== null && age < HEARTBEAT_MS * 5 && list2.every((j) => !j.stale), heartbeatAgeMs: age, jobs: list2 };
}
const SAMPLE_RATE = 8e3;
const NOTE = { C5: 3, D5: 5, E5: 7, G5: 10, A5: 12, C6: 15 };
const DEFAULT_MELODY = [
  ["C5", 0.3],
  ["D5", 0.3],
  ["E5", 0.3],
  ["G5", 0.3],
  ["A5", 0.45],
  ["G5", 0.3],
  ["E5", 0.3],
  ["D5", 0.3],
  ["C5", 0.6]
];
function pcmMelody(melody = DEFAULT_MELODY) {
  const samples = [];
  for (const [note, seconds] of melody) {
    const freq = 440 * 2 ** (NOTE[note] / 12);
    const n = Math.round(seconds * SAMPLE_RATE);
    const fade = Math.round(0.02 * SAMPLE_RATE);
    for (let i = 0; i < n; i++) {
      const envelope = Math.min(1, i / fade, (n - i) / fade);
      samples.push(Math.round(Math.sin(2 * Math.PI * freq * i / SAMPLE_RATE) * envelope * 0.4 * 32767));
    }
  }
  const pcm = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => pcm.writeInt16LE(s, i * 2));
  return pcm;
}
function wavBytes(melody = DEFAULT_MELODY) {
  const pcm = pcmMelody(melody);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.length, 40);
  return new Uint8Array(Buffer.concat([header, pcm]));
}
const WIDTH = 128;
const HEIGHT = 72;
const FPS = 2;
function chunk(id, data) {
  const head = Buffer.alloc(8);
  head.write(id, 0, "ascii");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}
function list(type, children) {
  return chunk("LIST", Buffer.concat([Buffer.from(type, "ascii"), ...children]));
}
function u32s(...values) {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32LE(v, i * 4));
  return b;
}
function frame(index, total) {
  const px = Buffer.alloc(WIDTH * HEIGHT * 3);
  const barX = Math.round((index + 0.5) / total * (WIDTH - 16));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const o = (y * WIDTH + x) * 3;
      const inBar = x >= barX && x < barX + 16 && y >= 28 && y < 44;
      px[o] = inBar ? 250 : 120 + (x + index * 20) % 100;
      px[o + 1] = inBar ? 250 : 60 + Math.round(y / HEIGHT * 120);
      px[o + 2] = inBar ? 250 : 40 + index * 25;
    }
  }
  return px;
}
function aviBytes() {
  const audio = pcmMelody();
  const frames = Math.ceil(audio.length / 2 / (SAMPLE_RATE / FPS));
  const audioPerFrame = SAMPLE_RATE / FPS * 2;
  const frameSize = WIDTH * HEIGHT * 3;
  const movi = [];
  const index = [];
  let offset = 4;
  const add = (id, data) => {
    const c = chunk(id, data);
    index.push(Buffer.concat([Buffer.from(id, "ascii"), u32s(16, offset, data.length)]));
    movi.push(c);
    offset += c.length;
  };
  for (let i = 0; i < frames; i++) {
    add("00db", frame(i, frames));
    const slice = audio.subarray(i * audioPerFrame, (i + 1) * audioPerFrame);
    if (slice.length > 0) add("01wb", slice);
  }
  const rect = Buffer.alloc(8);
  rect.writeUInt16LE(WIDTH, 4);
  rect.writeUInt16LE(HEIGHT, 6);
  const streamHeader = (type, handler, scale, rate, length, buffer, sampleSize) => chunk("strh", Buffer.concat([Buffer.from(type + handler, "ascii"), u32s(0, 0, 0, scale, rate, 0, length, buffer, 4294967295, sampleSize), rect]));
  const bitmapInfo = u32s(40, WIDTH, HEIGHT, 0, 0, frameSize, 0, 0, 0, 0);
  bitmapInfo.writeUInt16LE(1, 12);
  bitmapInfo.writeUInt16LE(24, 14);
  const waveFormat = Buffer.alloc(18);
  waveFormat.writeUInt16LE(1, 0);
  waveFormat.writeUInt16LE(1, 2);
  waveFormat.writeUInt32LE(SAMPLE_RATE, 4);
  waveFormat.writeUInt32LE(SAMPLE_RATE * 2, 8);
  waveFormat.writeUInt16LE(2, 12);
  waveFormat.writeUInt16LE(16, 14);
  const mainHeader = u32s(1e6 / FPS, frameSize * FPS + SAMPLE_RATE * 2, 0, 16, frames, 0, 2, frameSize, WIDTH, HEIGHT, 0, 0, 0, 0);
  const hdrl = list("hdrl", [
    chunk("avih", mainHeader),
    list("strl", [streamHeader("vids", "DIB ", 1, FPS, frames, frameSize, 0), chunk("strf", bitmapInfo)]),
    list("strl", [streamHeader("auds", "\0\0\0\0", 2, SAMPLE_RATE * 2, audio.length / 2, audioPerFrame, 2), chunk("strf", waveFormat)])
  ]);
  const body = Buffer.concat([Buffer.from("AVI ", "ascii"), hdrl, list("movi", movi), chunk("idx1", Buffer.concat(index))]);
  return new Uint8Array(chunk("RIFF", body));
}
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32(bytes) {
  let c = 4294967295;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ c >>> 8;
  return (c ^ 4294967295) >>> 0;
}
const DOS_TIME = 0;
const DOS_DATE = 2026 - 1980 << 9 | 1 << 5 | 1;
const UTF8_NAMES = 1 << 11;
function zipBytes(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : Buffer.from(entry.data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(67324752, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(33639248, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(101010256, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const OFFICE_DOC = `${DOC_RELS}/officeDocument`;
function esc(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function rels(items) {
  return `${XML}<Relationships xmlns="${PKG_RELS}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${DOC_RELS}/${type}" Target="${target}"/>`).join("")}</Relationships>`;
}
function contentTypes(overrides) {
  return `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`).join("")}</Types>`;
}
function docxBytes(title, paragraphs) {
  const para = (text, bold = false, size) => `<w:p><w:r>${bold || size ? `<w:rPr>${bold ? "<w:b/>" : ""}${size ? `<w:sz w:val="${size}"/>` : ""}</w:rPr>` : ""}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  const document = `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para(title, true, 32)}${paragraphs.map((p) => para(p)).join("")}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  return zipBytes([
    { name: "[Content_Types].xml", data: contentTypes([["/word/document.xml", "wordprocessingml.document.main+xml"]]) },
    { name: "_rels/.rels", data: `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="word/document.xml"/></Relationships>` },
    { name: "word/document.xml", data: document }
  ]);
}
const EMPTY_TREE = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';
function textBox(id, y, height, text, size, bold) {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="${height}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/><a:p><a:r><a:rPr lang="vi-VN" sz="${size}"${bold ? ' b="1"' : ""}/><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
}
function slide(title, body) {
  return `${XML}<p:sld xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:cSld><p:spTree>${EMPTY_TREE}${textBox(2, 685800, 1143e3, title, 3600, true)}${textBox(3, 2057400, 3429e3, body, 2400, false)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
}
const fill = (color) => `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;
const THEME = `${XML}<a:theme xmlns:a="${A}" name="hoclieu"><a:themeElements><a:clrScheme name="hoclieu"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F3864"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="hoclieu"><a:majorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="hoclieu"><a:fillStyleLst>${fill("FFFFFF")}${fill("DDDDDD")}${fill("BBBBBB")}</a:fillStyleLst><a:lnStyleLst>${[6350, 12700, 19050].map((w) => `<a:ln w="${w}">${fill("000000")}</a:ln>`).join("")}</a:lnStyleLst><a:effectStyleLst>${"<a:effectStyle><a:effectLst/></a:effectStyle>".repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${fill("FFFFFF")}${fill("F2F2F2")}${fill("D9D9D9")}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
const CLR_MAP = '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';
function pptxBytes(title, slides) {
  const all = [[title, "hoclieu.vn — học liệu cho thầy cô"], ...slides];
  const slideParts = all.flatMap(([heading, body], i) => [
    { name: `ppt/slides/slide${i + 1}.xml`, data: slide(heading, body) },
    { name: `ppt/slides/_rels/slide${i + 1}.xml.rels`, data: rels([["rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"]]) }
  ]);
  const presentation = `${XML}<p:presentation xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${all.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 3}"/>`).join("")}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  return zipBytes([
    {
      name: "[Content_Types].xml",
      data: contentTypes([
        ["/ppt/presentation.xml", "presentationml.presentation.main+xml"],
        ["/ppt/slideMasters/slideMaster1.xml", "presentationml.slideMaster+xml"],
        ["/ppt/slideLayouts/slideLayout1.xml", "presentationml.slideLayout+xml"],
        ["/ppt/theme/theme1.xml", "theme+xml"],
        ...all.map((_, i) => [`/ppt/slides/slide${i + 1}.xml`, "presentationml.slide+xml"])
      ])
    },
    { name: "_rels/.rels", data: `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="ppt/presentation.xml"/></Relationships>` },
    { name: "ppt/presentation.xml", data: presentation },
    {
      name: "ppt/_rels/presentation.xml.rels",
      data: rels([
        ["rId1", "slideMaster", "slideMasters/slideMaster1.xml"],
        ["rId2", "theme", "theme/theme1.xml"],
        ...all.map((_, i) => [`rId${i + 3}`, "slide", `slides/slide${i + 1}.xml`])
      ])
    },
    {
      name: "ppt/slideMasters/slideMaster1.xml",
      data: `${XML}<p:sldMaster xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:cSld><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld>${CLR_MAP}<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`
    },
    {
      name: "ppt/slideMasters/_rels/slideMaster1.xml.rels",
      data: rels([
        ["rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"],
        ["rId2", "theme", "../theme/theme1.xml"]
      ])
    },
    {
      name: "ppt/slideLayouts/slideLayout1.xml",
      data: `${XML}<p:sldLayout xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}" type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`
    },
    { name: "ppt/slideLayouts/_rels/slideLayout1.xml.rels", data: rels([["rId1", "slideMaster", "../slideMasters/slideMaster1.xml"]]) },
    { name: "ppt/theme/theme1.xml", data: THEME },
    ...slideParts
  ]);
}
function pdfString(text) {
  return `(${asciiFileName(text).replace(/[\\()]/g, (c) => "\\" + c)})`;
}
function utf16Hex(text) {
  const bytes = [254, 255];
  for (const unit of text) {
    const code = unit.codePointAt(0);
    const units = code > 65535 ? [55296 + (code - 65536 >> 10), 56320 + (code - 65536 & 1023)] : [code];
    for (const u of units) bytes.push(u >> 8, u & 255);
  }
  return `<${Buffer.from(bytes).toString("hex").toUpperCase()}>`;
}
function pdfBytes(title, lines) {
  const body = [
    "BT /F1 20 Tf 56 770 Td",
    `${pdfString(title)} Tj`,
    "/F1 12 Tf 0 -34 Td 16 TL",
    ...lines.map((line) => `${pdfString(line)} '`),
    "ET"
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(body, "latin1")} >>
stream
${body}
endstream`,
    `<< /Title ${utf16Hex(title)} /Producer (hoclieu) >>`
  ];
  let out = "%PDF-1.4\n%âãÏÓ\n";
  const offsets = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj
${obj}
endobj
`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref
0 ${objects.length + 1}
0000000000 65535 f 
`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n 
`;
  out += `trailer
<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>
startxref
${xref}
%%EOF
`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
const CONTENT_TYPES = {
  ".wav": "audio/wav",
  ".avi": "video/x-msvideo",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".zip": "application/zip"
};
const SAMPLE_SUFFIX = {
  MUSIC: ".wav",
  LESSON_PLAN: ".docx",
  SLIDE: ".pptx",
  VIDEO: ".avi",
  COMBO: ".zip"
};
function contentTypeFor(fileName) {
  const ext = /\.[A-Za-z0-9]+$/.exec(fileName)?.[0]?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}
function sampleFileName(type, title) {
  return `${title}${SAMPLE_SUFFIX[type]}`;
}
const GUIDE_LINES = [
  "Tai lieu mau cua hoclieu.vn, tao tu dong cho ban demo.",
  "Muc tieu: hoc sinh nam duoc noi dung chinh cua bai.",
  "Chuan bi: may chieu, loa, phieu hoc tap.",
  "Tien trinh: khoi dong - hinh thanh kien thuc - luyen tap - van dung."
];
function bytesFor(type, title) {
  switch (type) {
    case "MUSIC":
      return wavBytes();
    case "LESSON_PLAN":
      return docxBytes(title, [
        "Tài liệu mẫu của hoclieu.vn, tạo tự động cho bản demo.",
        "I. Mục tiêu: học sinh nắm được nội dung chính của bài.",
        "II. Chuẩn bị: máy chiếu, loa, phiếu học tập.",
        "III. Tiến trình: khởi động – hình thành kiến thức – luyện tập – vận dụng."
      ]);
    case "SLIDE":
      return pptxBytes(title, [
        ["Mục tiêu bài học", "Học sinh nắm được nội dung chính của bài."],
        ["Hoạt động", "Khởi động – hình thành kiến thức – luyện tập – vận dụng."]
      ]);
    case "VIDEO":
      return aviBytes();
    case "COMBO":
      return zipBytes([
        { name: `${title} - hướng dẫn.pdf`, data: pdfBytes(title, GUIDE_LINES) },
        { name: `${title} - giáo án.docx`, data: docxBytes(title, ["Giáo án mẫu trong bộ tài liệu."]) },
        { name: `${title} - giai điệu.wav`, data: wavBytes() }
      ]);
  }
}
function sampleFile(type, title) {
  const fileName = sampleFileName(type, title);
  return { fileName, contentType: contentTypeFor(fileName), bytes: bytesFor(type, title) };
}
async function storeSampleFile(storage2, product) {
  const suffix = SAMPLE_SUFFIX[product.type];
  if (!product.fileName.endsWith(suffix)) {
    throw new Error(`Sample for ${product.type} is "${suffix}"; product file name "${product.fileName}" does not match.`);
  }
  const file = sampleFile(product.type, product.title);
  await storage2.put(product.fileKey, file.bytes, file.contentType);
  return { size: file.bytes.byteLength, contentType: file.contentType };
}
function levelOf(grade) {
  return grade <= 5 ? "tieu-hoc" : grade <= 9 ? "thcs" : "thpt";
}
const textbookSeries = [
  { slug: "ket-noi-tri-thuc", name: "Kết nối tri thức với cuộc sống", short: "Kết nối tri thức" },
  { slug: "chan-troi-sang-tao", name: "Chân trời sáng tạo", short: "Chân trời sáng tạo" },
  { slug: "canh-dieu", name: "Cánh Diều", short: "Cánh Diều" }
];
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const subjects = [
  {
    slug: "toan",
    name: "Toán",
    grades: range(1, 12),
    bySeries: true,
    topics: {
      "tieu-hoc": [
        "Các số từ 0 đến 10",
        "Phép cộng trong phạm vi 10",
        "Phép trừ trong phạm vi 10",
        "Hình vuông, hình tròn, hình tam giác",
        "Các số trong phạm vi 100",
        "Đo độ dài",
        "Xem giờ, xem lịch",
        "Phép cộng có nhớ trong phạm vi 100",
        "Bảng nhân 2, bảng nhân 5",
        "Chu vi hình chữ nhật",
        "Phân số",
        "Số thập phân",
        "Tỉ số phần trăm",
        "Thể tích hình hộp chữ nhật",
        "Vận tốc, quãng đường, thời gian"
      ],
      thcs: [
        "Tập hợp các số tự nhiên",
        "Số nguyên",
        "Số hữu tỉ",
        "Số thực và căn bậc hai",
        "Biểu thức đại số",
        "Hằng đẳng thức đáng nhớ",
        "Phương trình bậc nhất một ẩn",
        "Hệ hai phương trình bậc nhất hai ẩn",
        "Định lí Pythagore",
        "Tam giác đồng dạng",
        "Hàm số y = ax²",
        "Góc với đường tròn",
        "Thống kê và xác suất"
      ],
      thpt: [
        "Mệnh đề và tập hợp",
        "Hàm số bậc hai",
        "Hệ thức lượng trong tam giác",
        "Vectơ",
        "Phương trình đường thẳng",
        "Hàm số lượng giác",
        "Cấp số cộng và cấp số nhân",
        "Giới hạn của dãy số",
        "Đạo hàm",
        "Hàm số mũ và hàm số lôgarit",
        "Nguyên hàm và tích phân",
        "Khối đa diện",
        "Xác suất có điều kiện"
      ]
    }
  },
  {
    slug: "tieng-viet",
    name: "Tiếng Việt",
    grades: range(1, 5),
    bySeries: true,
    topics: {
      "tieu-hoc": [
        "Làm quen với chữ cái a, b, c",
        "Vần an, ăn, ân",
        "Tập đọc: Đôi bạn",
        "Luyện từ và câu: Từ chỉ sự vật",
        "Chính tả: Nghe – viết",
        "Viết đoạn văn kể về gia đình",
        "Kể chuyện: Chú sẻ và bông hoa bằng lăng",
        "Đọc hiểu: Cây khế",
        "Luyện viết chữ hoa",
        "Mở rộng vốn từ: Quê hương",
        "Viết bài văn tả cây cối"
      ]
    }
  },
  {
    slug: "ngu-van",
    name: "Ngữ văn",
    grades: range(6, 12),
    bySeries: true,
    topics: {
      thcs: [
        "Bài học đường đời đầu tiên",
        "Thánh Gióng",
        "Sơn Tinh, Thủy Tinh",
        "Đêm nay Bác không ngủ",
        "Lão Hạc",
        "Tức nước vỡ bờ",
        "Chuyện người con gái Nam Xương",
        "Làng",
        "Bếp lửa",
        "Viết bài văn nghị luận về một vấn đề đời sống",
        "Viết bài văn tả cảnh sinh hoạt"
      ],
      thpt: [
        "Trao duyên (Truyện Kiều)",
        "Chí khí anh hùng",
        "Tây Tiến",
        "Việt Bắc",
        "Vợ chồng A Phủ",
        "Vợ nhặt",
        "Chiếc thuyền ngoài xa",
        "Ai đã đặt tên cho dòng sông?",
        "Hai đứa trẻ",
        "Chữ người tử tù",
        "Nghị luận xã hội về lối sống của giới trẻ"
      ]
    }
  },
  {
    slug: "tieng-anh",
    name: "Tiếng Anh",
    grades: range(3, 12),
    topics: {
      "tieu-hoc": [
        "Unit 1: Hello",
        "Unit 2: Our names",
        "Unit 3: Our friends",
        "Unit 4: Our bodies",
        "Unit 5: My hobbies",
        "Unit 6: Our school",
        "Unit 7: Classroom instructions",
        "Unit 8: My family"
      ],
      thcs: [
        "Unit 1: My new school",
        "Unit 2: My house",
        "Unit 3: My friends",
        "Unit 4: My neighbourhood",
        "Unit 5: Natural wonders of Viet Nam",
        "Unit 6: Our Tet holiday",
        "Unit 7: Television",
        "Unit 8: Sports and games"
      ],
      thpt: [
        "Unit 1: Family life",
        "Unit 2: Humans and the environment",
        "Unit 3: Music",
        "Unit 4: For a better community",
        "Unit 5: Inventions",
        "Unit 6: Gender equality",
        "Unit 7: Viet Nam and international organisations",
        "Unit 8: New ways to learn"
      ]
    }
  },
  {
    slug: "dao-duc",
    name: "Đạo đức",
    grades: range(1, 5),
    topics: {
      "tieu-hoc": [
        "Em yêu gia đình",
        "Kính trọng thầy giáo, cô giáo",
        "Biết ơn người lao động",
        "Tiết kiệm tiền của",
        "Giữ gìn vệ sinh cá nhân",
        "Quan tâm, chăm sóc ông bà",
        "Trung thực trong học tập",
        "Em yêu Tổ quốc Việt Nam",
        "Bảo vệ môi trường sống",
        "Tôn trọng sự khác biệt của người khác"
      ]
    }
  },
  {
    slug: "tu-nhien-va-xa-hoi",
    name: "Tự nhiên và Xã hội",
    grades: range(1, 3),
    topics: {
      "tieu-hoc": [
        "Gia đình em",
        "Trường học của em",
        "Cộng đồng địa phương",
        "Thực vật và động vật quanh em",
        "Con người và sức khoẻ",
        "Trái Đất và bầu trời"
      ]
    }
  },
  {
    slug: "khoa-hoc",
    name: "Khoa học",
    grades: range(4, 5),
    topics: {
      "tieu-hoc": [
        "Nước và vòng tuần hoàn của nước",
        "Không khí",
        "Ánh sáng và âm thanh",
        "Nấm có ích và nấm có hại",
        "Chuỗi thức ăn trong tự nhiên",
        "Sự sinh sản của thực vật có hoa",
        "Năng lượng điện"
      ]
    }
  },
  {
    slug: "khoa-hoc-tu-nhien",
    name: "Khoa học tự nhiên",
    grades: range(6, 9),
    topics: {
      thcs: [
        "Các phép đo",
        "Tế bào – đơn vị cơ sở của sự sống",
        "Nguyên tử",
        "Sơ lược về bảng tuần hoàn các nguyên tố hoá học",
        "Tốc độ chuyển động",
        "Âm thanh",
        "Ánh sáng",
        "Quang hợp ở thực vật",
        "Phản ứng hoá học",
        "Di truyền học Mendel"
      ]
    }
  },
  {
    slug: "lich-su-va-dia-li",
    name: "Lịch sử và Địa lí",
    grades: range(4, 9),
    topics: {
      "tieu-hoc": [
        "Thiên nhiên vùng Trung du và miền núi Bắc Bộ",
        "Nhà nước Văn Lang, Âu Lạc",
        "Chiến thắng Bạch Đằng năm 938",
        "Nhà Lý dời đô ra Thăng Long",
        "Thành phố Hồ Chí Minh"
      ],
      thcs: [
        "Bản đồ – phương tiện thể hiện bề mặt Trái Đất",
        "Trái Đất trong hệ Mặt Trời",
        "Khí hậu Việt Nam",
        "Dân cư và dân tộc Việt Nam",
        "Khởi nghĩa Lam Sơn",
        "Cách mạng tháng Tám năm 1945"
      ]
    }
  },
  {
    slug: "lich-su",
    name: "Lịch sử",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Lịch sử và sử học",
        "Văn minh Đại Việt",
        "Cách mạng tư sản và sự phát triển của chủ nghĩa tư bản",
        "Chiến tranh bảo vệ Tổ quốc trong lịch sử Việt Nam",
        "Công cuộc Đổi mới ở Việt Nam từ năm 1986",
        "Hồ Chí Minh trong lịch sử Việt Nam"
      ]
    }
  },
  {
    slug: "dia-li",
    name: "Địa lí",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Sử dụng bản đồ",
        "Thạch quyển và các vận động kiến tạo",
        "Khí quyển và nhiệt độ không khí",
        "Dân số và sự phát triển dân số thế giới",
        "Vùng Đồng bằng sông Cửu Long",
        "Biển Đông và các đảo, quần đảo Việt Nam"
      ]
    }
  },
  {
    slug: "vat-li",
    name: "Vật lí",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Động học",
        "Ba định luật Newton",
        "Năng lượng, công và công suất",
        "Động lượng",
        "Dao động điều hoà",
        "Sóng cơ",
        "Điện trường",
        "Dòng điện không đổi",
        "Vật lí nhiệt",
        "Từ trường",
        "Vật lí hạt nhân"
      ]
    }
  },
  {
    slug: "hoa-hoc",
    name: "Hoá học",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Cấu tạo nguyên tử",
        "Bảng tuần hoàn các nguyên tố hoá học",
        "Liên kết hoá học",
        "Phản ứng oxi hoá – khử",
        "Tốc độ phản ứng",
        "Cân bằng hoá học",
        "Nitrogen và sulfur",
        "Hydrocarbon",
        "Ester – Lipid",
        "Polymer"
      ]
    }
  },
  {
    slug: "sinh-hoc",
    name: "Sinh học",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Thành phần hoá học của tế bào",
        "Trao đổi chất qua màng tế bào",
        "Quang hợp",
        "Hô hấp tế bào",
        "Di truyền phân tử",
        "Di truyền quần thể",
        "Tiến hoá",
        "Sinh thái học quần xã"
      ]
    }
  },
  {
    slug: "giao-duc-cong-dan",
    name: "Giáo dục công dân",
    grades: range(6, 9),
    topics: {
      thcs: [
        "Tự hào về truyền thống gia đình, dòng họ",
        "Yêu thương con người",
        "Siêng năng, kiên trì",
        "Tôn trọng sự thật",
        "Quyền trẻ em",
        "Phòng, chống bạo lực học đường"
      ]
    }
  },
  {
    slug: "giao-duc-kinh-te-va-phap-luat",
    name: "Giáo dục kinh tế và pháp luật",
    grades: range(10, 12),
    topics: {
      thpt: [
        "Nền kinh tế và các chủ thể của nền kinh tế",
        "Thị trường và cơ chế thị trường",
        "Ngân sách nhà nước và thuế",
        "Lập kế hoạch tài chính cá nhân",
        "Hiến pháp nước Cộng hoà xã hội chủ nghĩa Việt Nam"
      ]
    }
  },
  {
    slug: "cong-nghe",
    name: "Công nghệ",
    grades: range(3, 12),
    topics: {
      "tieu-hoc": ["Hoa và cây cảnh quanh em", "Sử dụng đèn học", "Làm đồ chơi đơn giản", "Lắp ghép mô hình xe điện"],
      thcs: ["Nhà ở", "Bảo quản và chế biến thực phẩm", "Trang phục và thời trang", "Đồ dùng điện trong gia đình", "Vẽ kĩ thuật"],
      thpt: ["Công nghệ và đời sống", "Thiết kế kĩ thuật", "Hệ thống điện quốc gia", "Công nghệ trồng trọt"]
    }
  },
  {
    slug: "tin-hoc",
    name: "Tin học",
    grades: range(3, 12),
    topics: {
      "tieu-hoc": ["Máy tính và em", "Làm quen với bàn phím và chuột", "Thư mục và tệp", "Soạn thảo văn bản đơn giản", "Lập trình trực quan với Scratch"],
      thcs: ["Thông tin và dữ liệu", "Mạng máy tính và Internet", "An toàn thông tin trên Internet", "Bảng tính điện tử", "Thuật toán và cấu trúc điều khiển"],
      thpt: ["Lập trình Python: biến và kiểu dữ liệu", "Câu lệnh rẽ nhánh và vòng lặp", "Cơ sở dữ liệu quan hệ", "Thiết kế trang web với HTML", "Trí tuệ nhân tạo trong đời sống"]
    }
  },
  {
    slug: "am-nhac",
    name: "Âm nhạc",
    grades: range(1, 12),
    topics: {
      "tieu-hoc": [
        "Học hát: Quê hương tươi đẹp",
        "Học hát: Em yêu trường em",
        "Nhạc cụ: Thanh phách và song loan",
        "Đọc nhạc: Các nốt Đô, Rê, Mi",
        "Nghe nhạc: Lý cây xanh",
        "Học hát: Mời bạn vui múa ca",
        "Học hát: Tìm bạn thân"
      ],
      thcs: ["Hát: Reo vang bình minh", "Đọc nhạc: Giọng Đô trưởng", "Thường thức âm nhạc: Đàn bầu", "Nhạc cụ: Sáo recorder", "Hát: Lớp chúng ta đoàn kết"],
      thpt: ["Thường thức âm nhạc: Dân ca Quan họ Bắc Ninh", "Nhạc cụ: Guitar đệm hát", "Lí thuyết âm nhạc: Hợp âm", "Hát: Bụi phấn"]
    }
  },
  {
    slug: "mi-thuat",
    name: "Mĩ thuật",
    grades: range(1, 12),
    topics: {
      "tieu-hoc": ["Màu sắc trong thiên nhiên", "Vẽ tranh đề tài trường em", "Nặn con vật em yêu", "Xé dán hình quả", "Thiết kế bưu thiếp"],
      thcs: ["Hoa văn trang trí", "Tranh chân dung", "Vẽ tranh phong cảnh quê hương", "Thiết kế logo"],
      thpt: ["Hội hoạ: Tranh tĩnh vật", "Đồ hoạ tranh in", "Thiết kế thời trang", "Kiến trúc và đời sống"]
    }
  },
  {
    slug: "hoat-dong-trai-nghiem",
    name: "Hoạt động trải nghiệm",
    grades: range(1, 12),
    topics: {
      "tieu-hoc": ["Chào năm học mới", "Em và mái trường mới", "Kĩ năng làm việc nhóm", "Phòng tránh đuối nước"],
      thcs: ["Thích nghi với môi trường mới", "Ứng phó với thiên tai", "Quản lí chi tiêu", "Khám phá nghề nghiệp"],
      thpt: ["Xây dựng hình ảnh bản thân", "Trách nhiệm với gia đình", "Định hướng nghề nghiệp", "Hoạt động thiện nguyện"]
    }
  }
];
const songs = [
  "Quê hương tươi đẹp",
  "Em yêu trường em",
  "Mời bạn vui múa ca",
  "Tìm bạn thân",
  "Lý cây xanh",
  "Bàn tay mẹ",
  "Trên con đường đến trường",
  "Ngày mùa vui",
  "Reo vang bình minh",
  "Lớp chúng ta đoàn kết",
  "Chị Ong Nâu và em bé",
  "Đếm sao",
  "Em là hoa hồng nhỏ",
  "Bụi phấn",
  "Cò lả",
  "Trống cơm"
];
const musicKinds = [
  "Nhạc nền khởi động tiết học",
  "Nhạc nền trò chơi rung chuông vàng",
  "Nhạc thư giãn giờ ra chơi",
  "Nhạc nền đếm ngược 5 phút",
  "Nhạc nền sinh hoạt lớp"
];
class Random {
  state;
  constructor(seed) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next() {
    this.state = this.state + 1831565813 >>> 0;
    let t = this.state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability) {
    return this.next() < probability;
  }
  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }
  /** Picks by relative weight. */
  weighted(entries) {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries.at(-1)[0];
  }
  /** A version-4-shaped UUID drawn from the seeded stream, so ids repeat across runs. */
  uuid() {
    const bytes = Array.from({ length: 16 }, () => Math.floor(this.next() * 256));
    bytes[6] = bytes[6] & 15 | 64;
    bytes[8] = bytes[8] & 63 | 128;
    const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
const MINUTE = 6e4;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CORE_SUBJECTS = /* @__PURE__ */ new Set(["toan", "tieng-viet", "ngu-van", "tieng-anh"]);
function buildCategories(rng) {
  const categories2 = [];
  const leaves = [];
  for (let grade = 1; grade <= 12; grade++) {
    const gradeCategory = {
      id: rng.uuid(),
      parentId: null,
      name: `Lớp ${grade}`,
      slug: `lop-${grade}`,
      path: `lop-${grade}`,
      depth: 0,
      sortOrder: grade,
      isActive: true
    };
    categories2.push(gradeCategory);
    subjects.filter((s) => s.grades.includes(grade) && s.topics[levelOf(grade)]).forEach((subject, i) => {
      const subjectCategory = {
        id: rng.uuid(),
        parentId: gradeCategory.id,
        name: subject.name,
        slug: subject.slug,
        path: `${gradeCategory.path}/${subject.slug}`,
        depth: 1,
        sortOrder: i + 1,
        isActive: true
      };
      categories2.push(subjectCategory);
      const weight = CORE_SUBJECTS.has(subject.slug) ? 3 : 1;
      if (!subject.bySeries) {
        leaves.push({ category: subjectCategory, grade, subject, series: null, weight });
        return;
      }
      textbookSeries.forEach((series, j) => {
        const seriesCategory = {
          id: rng.uuid(),
          parentId: subjectCategory.id,
          name: series.name,
          slug: series.slug,
          path: `${subjectCategory.path}/${series.slug}`,
          depth: 2,
          sortOrder: j + 1,
          isActive: true
        };
        categories2.push(seriesCategory);
        leaves.push({ category: seriesCategory, grade, subject, series, weight: weight / textbookSeries.length });
      });
    });
  }
  return { categories: categories2, leaves };
}
function typeWeights(subject) {
  if (subject.slug === "am-nhac") {
    return [
      ["MUSIC", 45],
      ["LESSON_PLAN", 20],
      ["SLIDE", 15],
      ["VIDEO", 15],
      ["COMBO", 5]
    ];
  }
  return [
    ["LESSON_PLAN", 35],
    ["SLIDE", 27],
    ["VIDEO", 13],
    ["MUSIC", 5],
    ["COMBO", 20]
  ];
}
const PRICE_RANGES = {
  LESSON_PLAN: [15, 120],
  SLIDE: [25, 150],
  VIDEO: [39, 199],
  MUSIC: [5, 29],
  COMBO: [149, 890]
};
const TYPE_TAGS = {
  LESSON_PLAN: "Giáo án",
  SLIDE: "PowerPoint",
  VIDEO: "Video",
  MUSIC: "Âm nhạc",
  COMBO: "Combo"
};
const LABELS = {
  LESSON_PLAN: "Giáo án",
  SLIDE: "Bài giảng PowerPoint",
  VIDEO: "Video bài giảng",
  MUSIC: "File nhạc",
  COMBO: "Combo tài liệu"
};
const COVERS = {
  LESSON_PLAN: "/covers/lesson-plan.svg",
  SLIDE: "/covers/slide.svg",
  VIDEO: "/covers/video.svg",
  MUSIC: "/covers/music.svg",
  COMBO: "/covers/combo.svg"
};
const DETAILS = {
  LESSON_PLAN: "Đầy đủ mục tiêu, thiết bị dạy học, tiến trình các hoạt động (khởi động, hình thành kiến thức, luyện tập, vận dụng) và phiếu học tập; tải về để chỉnh sửa theo lớp của mình.",
  SLIDE: "Khoảng 30 trang trình chiếu sinh động, có hiệu ứng, trò chơi khởi động và câu hỏi củng cố cuối bài; chỉnh sửa được bằng PowerPoint.",
  VIDEO: "Video dài 15–20 phút, lời giảng rõ ràng, hình minh hoạ trực quan; dùng để dạy trực tuyến hoặc trình chiếu trên lớp.",
  MUSIC: "File âm thanh chất lượng cao, dùng cho tiết Âm nhạc, hoạt động khởi động, trò chơi hoặc sinh hoạt lớp.",
  COMBO: "Trọn bộ gồm giáo án, bài giảng PowerPoint và phiếu bài tập cho cả học kì, tiết kiệm hơn mua lẻ từng bài."
};
const LESSON_VARIANTS = ["", "", "", " – Tiết 1", " – Tiết 2", " (có phiếu học tập)", " (mẫu mới)"];
const COMBO_VARIANTS = [" cả năm", " – Học kì I", " – Học kì II"];
const vnd = (thousands) => BigInt(Math.round(thousands)) * 1000n;
function fileNameFor(title, type) {
  const base = title.replace(/[\\/:*?"<>|“”]/g, "").replace(/\s+/g, " ").trim().slice(0, 120).trim();
  return sampleFileName(type, base);
}
function titleFor(type, leaf, rng) {
  const topics = leaf.subject.topics[levelOf(leaf.grade)];
  const index = rng.int(0, topics.length - 1);
  const topic = topics[index];
  const where = `${leaf.subject.name} lớp ${leaf.grade}`;
  const lesson = topic.startsWith("Unit ") ? topic : `Bài ${index + 1}: ${topic}`;
  const series = leaf.series ? ` (${leaf.series.short})` : "";
  switch (type) {
    case "LESSON_PLAN":
      return { topic, title: `Giáo án ${where} – ${lesson}${series}${rng.pick(LESSON_VARIANTS)}` };
    case "SLIDE":
      return { topic, title: `Bài giảng PowerPoint ${where} – ${lesson}${series}${rng.pick(LESSON_VARIANTS)}` };
    case "VIDEO":
      return { topic, title: `Video bài giảng ${where} – ${topic}${series}` };
    case "MUSIC":
      if (leaf.subject.slug === "am-nhac" || rng.chance(0.3)) {
        const song = rng.pick(songs);
        return {
          topic: song,
          title: rng.chance(0.5) ? `Bài hát “${song}” – Âm nhạc lớp ${leaf.grade} (bản có lời)` : `Beat karaoke “${song}” – Âm nhạc lớp ${leaf.grade}`
        };
      }
      return { topic, title: `${rng.pick(musicKinds)} – ${where}` };
    case "COMBO":
      return { topic, title: `Combo giáo án và bài giảng PowerPoint ${where}${rng.pick(COMBO_VARIANTS)}${series}` };
  }
}
function buildProducts(leaves, count, rng, now2) {
  const weightedLeaves = leaves.map((l) => [l, l.weight]);
  const takenSlugs = /* @__PURE__ */ new Map();
  const products2 = [];
  for (let n = 0; n < count; n++) {
    const leaf = rng.weighted(weightedLeaves);
    const type = rng.weighted(typeWeights(leaf.subject));
    const made = titleFor(type, leaf, rng);
    const topic = made.topic;
    let title = made.title;
    const taken = takenSlugs.get(leaf.category.id) ?? /* @__PURE__ */ new Set();
    takenSlugs.set(leaf.category.id, taken);
    const baseSlug = slugify(title);
    let slug = baseSlug;
    let copy = 1;
    while (taken.has(slug)) slug = `${baseSlug}-mau-${++copy}`;
    if (copy > 1) title = `${title} (mẫu ${copy})`;
    taken.add(slug);
    const free = type === "MUSIC" ? rng.chance(0.3) : rng.chance(0.04);
    const [lo, hi] = PRICE_RANGES[type];
    const price = free ? 0n : vnd(rng.int(lo, hi));
    let salePriceVnd = null;
    let saleEndsAt = null;
    if (price > 0n && rng.chance(0.15)) {
      salePriceVnd = vnd(Number(price / 1000n) * (50 + rng.int(0, 35)) / 100);
      const ending = rng.next();
      saleEndsAt = ending < 0.6 ? new Date(now2.getTime() + rng.int(1, 30) * DAY) : ending < 0.8 ? null : new Date(now2.getTime() - rng.int(1, 10) * DAY);
    }
    const rated = rng.chance(0.75);
    const ratingCount = rated ? Math.floor(Math.exp(rng.next() * 6.2)) : 0;
    const ratingAvg = rated ? Math.min(5, Math.round((3.2 + rng.next() * 1.8) * 10) / 10) : 0;
    const createdAt = new Date(now2.getTime() - Math.floor(rng.next() * 730 * DAY));
    const updatedAt = new Date(Math.min(now2.getTime(), createdAt.getTime() + Math.floor(rng.next() * 60 * DAY)));
    const id = rng.uuid();
    const fileName = fileNameFor(title, type);
    const series = leaf.series ? `, bộ sách ${leaf.series.name}` : "";
    products2.push({
      id,
      categoryId: leaf.category.id,
      categoryPath: leaf.category.path,
      type,
      title,
      slug,
      description: `${LABELS[type]} ${leaf.subject.name} lớp ${leaf.grade} – ${topic}, soạn theo Chương trình giáo dục phổ thông 2018${series}. ${DETAILS[type]}`,
      tags: [
        leaf.subject.name,
        `Lớp ${leaf.grade}`,
        TYPE_TAGS[type],
        ...leaf.series ? [leaf.series.short] : [],
        ...price === 0n ? ["Miễn phí"] : []
      ],
      priceVnd: price,
      salePriceVnd,
      saleEndsAt,
      coverImageUrl: COVERS[type],
      previewImageUrls: [],
      ratingAvg,
      ratingCount,
      popularity: Math.floor(Math.exp(rng.next() * 9.2)) - 1 + ratingCount * 3,
      // Storage keys are ASCII; the Vietnamese name travels in Content-Disposition.
      fileKey: `products/${id}/file${SAMPLE_SUFFIX[type]}`,
      fileName,
      isPublished: !rng.chance(0.01),
      createdAt,
      updatedAt
    });
  }
  return products2;
}
function buildAliases(products2, categories2, rng) {
  const parentPath = new Map(categories2.map((c) => [c.path, c.parentId]));
  const pathById = new Map(categories2.map((c) => [c.id, c.path]));
  const taken = new Set(products2.map((p) => `${p.categoryPath}/${p.slug}`));
  const aliases = [];
  const add = (path, productId) => {
    if (taken.has(path)) return;
    taken.add(path);
    aliases.push({ path, productId });
  };
  for (const p of products2) {
    const roll = rng.next();
    if (roll >= 0.035) continue;
    const oldTitle = p.title.replace(/^Giáo án/, "Kế hoạch bài dạy").replace(/^Bài giảng PowerPoint/, "Slide bài giảng").replace(/^Video bài giảng/, "Video dạy học");
    const oldSlug = slugify(oldTitle === p.title ? `${p.title} ban cu` : oldTitle, 90);
    const parentId = parentPath.get(p.categoryPath);
    const formerCategory = parentId ? pathById.get(parentId) : void 0;
    const moved = formerCategory !== void 0 && p.categoryPath.split("/").length === 3;
    if (roll < 5e-3 && moved) {
      add(`${formerCategory}/${oldSlug}`, p.id);
      add(`${p.categoryPath}/${oldSlug}`, p.id);
    } else if (roll < 0.02 && moved) {
      add(`${formerCategory}/${p.slug}`, p.id);
    } else {
      add(`${p.categoryPath}/${oldSlug}`, p.id);
    }
  }
  return aliases;
}
function buildFlashSales(products2, rng, now2) {
  const sales = [];
  for (const p of products2) {
    if (p.priceVnd < 20000n || !p.isPublished || !rng.chance(0.04)) continue;
    const running = rng.chance(0.7);
    const startsAt = running ? new Date(now2.getTime() - rng.int(10, 120) * MINUTE) : new Date(now2.getTime() + rng.int(1, 48) * HOUR);
    const endsAt = new Date(startsAt.getTime() + rng.int(6, 48) * HOUR);
    const capped = rng.chance(0.7);
    const stockCap = capped ? rng.int(20, 200) : null;
    const stockLeft = stockCap === null ? null : rng.chance(0.1) ? 0 : rng.int(1, stockCap);
    sales.push({
      id: rng.uuid(),
      productId: p.id,
      startsAt,
      endsAt,
      salePriceVnd: vnd(Number(p.priceVnd / 1000n) * rng.int(40, 60) / 100),
      stockCap,
      stockLeft
    });
  }
  return sales;
}
function generateCatalog(options) {
  const { categories: categories2, leaves } = buildCategories(new Random(options.seed));
  const products2 = buildProducts(leaves, options.products, new Random(options.seed + 1), options.now);
  const aliases = buildAliases(products2, categories2, new Random(options.seed + 2));
  const flashSales2 = buildFlashSales(products2, new Random(options.seed + 3), options.now);
  return { categories: categories2, products: products2, aliases, flashSales: flashSales2 };
}
const BATCH = 1e3;
function chunks(items, size = BATCH) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
function productRow(p) {
  const { categoryPath: _path, ...row } = p;
  return row;
}
async function insertCatalog(catalog, tx = db(), onProgress) {
  const ordered = [...catalog.categories].sort((a, b) => a.depth - b.depth);
  for (const batch of chunks(ordered)) await tx.insert(categories).values(batch);
  let done = 0;
  for (const batch of chunks(catalog.products)) {
    await tx.insert(products).values(batch.map(productRow));
    done += batch.length;
    onProgress?.(done);
  }
  for (const batch of chunks(catalog.aliases)) await tx.insert(productAliases).values(batch);
  for (const batch of chunks(catalog.flashSales)) await tx.insert(flashSales).values(batch);
}
async function storeSeedFiles(files, onProgress) {
  const target = storage();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      await storeSampleFile(target, file);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
const SEED_LOCK = 1752130412;
function counts(c) {
  return { categories: c.categories.length, products: c.products.length, aliases: c.aliases.length, flashSales: c.flashSales.length };
}
async function seedCatalog(request) {
  return db().transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (request.reset) {
      await tx.execute(sql`DELETE FROM products`);
      await tx.execute(sql`DELETE FROM search_terms`);
      const [deepest] = await tx.select({ d: sql`coalesce(max(depth), -1)::int` }).from(categories);
      for (let depth = deepest?.d ?? -1; depth >= 0; depth--) {
        await tx.execute(sql`DELETE FROM categories WHERE depth = ${depth}`);
      }
    }
    const existing = await tx.select({ n: sql`count(*)::int` }).from(categories);
    if ((existing[0]?.n ?? 0) > 0) return { seeded: false, reason: "not_empty" };
    const catalog = generateCatalog({ products: request.products, seed: request.seed, now: now() });
    await insertCatalog(catalog, tx, request.onProgress);
    const files = catalog.products.map(({ fileKey, fileName, type, title }) => ({ fileKey, fileName, type, title }));
    return { seeded: true, counts: counts(catalog), files };
  });
}
async function refreshStatistics(vacuum) {
  const tables = sql.raw("products, categories, flash_sales, product_aliases, search_terms");
  await db().execute(sql`ANALYZE ${tables}`);
}
async function runMigrations() {
  const handle = database();
  const migrationsFolder = config().migrationsDir;
  if (handle.kind === "pglite") {
    await migrate(handle.db, { migrationsFolder });
  } else {
    await migrate$1(handle.db, { migrationsFolder });
  }
}
const SHEBANG = /^#!lua[^\n]*\n/;
const sha1 = (text) => createHash("sha1").update(text).digest("hex");
function stripShebang(script) {
  return script.replace(SHEBANG, "");
}
class IoRedisScriptClient {
  constructor(redis) {
    this.redis = redis;
  }
  redis;
  /** The library's hash (of the original script) → the SHA Redis knows (of the stripped one). */
  loaded = /* @__PURE__ */ new Map();
  async evalsha(sha, keys, args) {
    const stripped = this.loaded.get(sha);
    if (!stripped) throw new Error("NOSCRIPT script not loaded through this client yet");
    return this.redis.evalsha(stripped, keys.length, ...keys, ...args);
  }
  async eval(script, keys, args) {
    const stripped = stripShebang(script);
    const result = await this.redis.eval(stripped, keys.length, ...keys, ...args);
    this.loaded.set(sha1(script), sha1(stripped));
    return result;
  }
  get(key) {
    return this.redis.get(key);
  }
  set(key, value) {
    return this.redis.set(key, String(value));
  }
}
function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`rate-limit store timed out after ${ms} ms`), { code: "DEPENDENCY_TIMEOUT" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
function onServiceClock(call) {
  const offset = nowMs() - Date.now();
  if (offset === 0) return call();
  const realNow = Date.now;
  Date.now = () => realNow() + offset;
  try {
    return call();
  } finally {
    Date.now = realNow;
  }
}
class UpstashAlgorithmStore {
  constructor(options) {
    this.options = options;
    this.kind = options.kind;
  }
  options;
  kind;
  limiters = /* @__PURE__ */ new Map();
  limiterFor(policy) {
    const id = `${policy.name}|${policy.limit}|${policy.windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.options.client,
        limiter: Ratelimit.slidingWindow(policy.limit, `${policy.windowMs} ms`),
        prefix: `${this.options.prefix}${policy.name}`,
        // No local block cache (it would grow with every blocked IP) and no
        // built-in timeout (it silently lets requests through); ours is below.
        ephemeralCache: false,
        timeout: 0,
        analytics: false
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
  async limit(policy, key) {
    const limiter = this.limiterFor(policy);
    const r = await withTimeout(onServiceClock(() => limiter.limit(key)), this.options.timeoutMs);
    return { success: r.success, limit: r.limit, remaining: r.remaining, reset: r.reset };
  }
  /** `limit` without counting: the library's getRemaining (the same sliding-window arithmetic, read-only). */
  async peek(policy, key) {
    const limiter = this.limiterFor(policy);
    const r = await withTimeout(onServiceClock(() => limiter.getRemaining(key)), this.options.timeoutMs);
    return { success: r.remaining > 0, limit: r.limit, remaining: r.remaining, reset: r.reset };
  }
  ping() {
    return withTimeout(this.options.ping(), this.options.timeoutMs);
  }
  async close() {
    await this.options.close?.();
  }
  clear() {
    return this.options.clear();
  }
}
function installRateLimitStore() {
  const { rateLimit } = config();
  if (rateLimit.upstash) {
    const client = new Redis({
      url: rateLimit.upstash.url,
      token: rateLimit.upstash.token,
      // Our own timeout and the policy's failure mode apply instead of long retry loops.
      retry: { retries: 1, backoff: () => 50 },
      enableTelemetry: false
    });
    setRateLimitStore(
      new UpstashAlgorithmStore({
        kind: "upstash",
        client,
        prefix: rateLimit.prefix,
        timeoutMs: rateLimit.storeTimeoutMs,
        ping: async () => {
          await client.ping();
        },
        clear: async () => {
          let cursor = "0";
          do {
            const [next, keys] = await client.scan(cursor, { match: `${rateLimit.prefix}*`, count: 500 });
            if (keys.length) await client.del(...keys);
            cursor = String(next);
          } while (cursor !== "0");
        }
      })
    );
    log.info("rate limits kept in Upstash Redis");
    return;
  }
  if (rateLimit.redisUrl) {
    const redis = new Redis$1(rateLimit.redisUrl, {
      // Fail fast: a slow or absent Redis must not hold requests; policies decide the fallback.
      maxRetriesPerRequest: 1,
      connectTimeout: 2e3,
      commandTimeout: rateLimit.storeTimeoutMs,
      enableAutoPipelining: true
    });
    let lastError = "";
    redis.on("error", (error) => {
      if (error.message === lastError) return;
      lastError = error.message;
      log.warn("redis connection error", { error });
    });
    redis.on("ready", () => lastError = "");
    setRateLimitStore(
      new UpstashAlgorithmStore({
        kind: "redis",
        client: new IoRedisScriptClient(redis),
        prefix: rateLimit.prefix,
        timeoutMs: rateLimit.storeTimeoutMs,
        ping: async () => {
          await redis.ping();
        },
        close: async () => {
          redis.disconnect();
        },
        clear: async () => {
          for await (const keys of redis.scanStream({ match: `${rateLimit.prefix}*`, count: 500 })) {
            if (keys.length) await redis.del(...keys);
          }
        }
      })
    );
    log.info("rate limits kept in Redis");
  }
}
const state = { migrated: false, started: false };
const afterMigrationHooks = [];
const RETRY_MS = 2e3;
function startupState() {
  return state;
}
function afterMigration(hook) {
  afterMigrationHooks.push(hook);
}
afterMigration(async () => {
  const cfg = config();
  if (!cfg.seedOnEmpty) return;
  const outcome = await seedCatalog({ products: cfg.seedProducts, seed: cfg.seedValue });
  if (!outcome.seeded) return;
  await refreshStatistics();
  await storeSeedFiles(outcome.files);
  log.info("seeded the demo catalog into an empty database", outcome.counts);
});
async function migrateAndPrepare() {
  await runMigrations();
  for (const hook of afterMigrationHooks) await hook();
  state.migrated = true;
  log.info("database ready");
}
function retryInBackground() {
  const timer = setTimeout(async () => {
    try {
      await migrateAndPrepare();
    } catch (error) {
      log.warn("database still unavailable, retrying", { error });
      retryInBackground();
    }
  }, RETRY_MS);
  timer.unref();
}
function releaseOnShutdown() {
  process.once("sveltekit:shutdown", () => {
    stopJobs();
    void Promise.allSettled([rateLimitStore().close?.(), closeDatabase()]);
  });
}
async function startServer() {
  if (state.started) return;
  state.started = true;
  releaseOnShutdown();
  installRateLimitStore();
  startJobs();
  try {
    await migrateAndPrepare();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    log.error("database unavailable at start-up; serving degraded and retrying", { error });
    retryInBackground();
  }
}

export { afterMigration as a, startupState as b, registerJob as r, startServer as s, workerStatus as w };
//# sourceMappingURL=startup.js-D47vmQcJ.js.map
