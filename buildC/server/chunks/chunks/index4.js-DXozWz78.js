import { c as config } from './config.js-CBoIX22t.js';
import { mkdir, writeFile, rename, rm, stat, readFile, open, access, constants } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { resolve, sep, dirname } from 'node:path';
import { n as nowMs, a as now } from './app-error.js-BJVvpKXy.js';
import { h as hmac, s as safeEqual } from './index3.js-8T1uxQKq.js';
import { S3Client, PutObjectCommand, DeleteObjectCommand, HeadObjectCommand, GetObjectCommand, HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

function asciiFileName(name) {
  const folded = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/đ/g, "d").replace(/Đ/g, "D").replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_").trim();
  return folded.length > 0 ? folded : "download";
}
function encodeExtValue(value) {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}
function sanitizeFileName(name) {
  const cleaned = Array.from(name.normalize("NFC"), (c) => {
    const code = c.charCodeAt(0);
    const loneSurrogate = c.length === 1 && code >= 55296 && code <= 57343;
    return code < 32 || code === 127 || c === "/" || c === "\\" || loneSurrogate ? "_" : c;
  }).slice(0, 200).join("").trim();
  return cleaned.length > 0 ? cleaned : "download";
}
function attachmentDisposition(fileName) {
  const name = sanitizeFileName(fileName);
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
function isValidKey(key) {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment));
}
class InvalidKeyError extends Error {
  name = "InvalidKeyError";
}
function assertValidKey(key) {
  if (!isValidKey(key)) throw new InvalidKeyError(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}
function linkPayload(key, exp, name) {
  return `${key}
${exp}
${name}`;
}
class FsStorage {
  constructor(options) {
    this.options = options;
    this.objectsDir = resolve(options.dir, "objects");
    this.metaDir = resolve(options.dir, "meta");
  }
  options;
  kind = "fs";
  objectsDir;
  metaDir;
  /** Resolves inside `root` or throws; the key grammar already forbids escapes, this is the second lock. */
  inside(root, relative) {
    const full = resolve(root, relative);
    if (!full.startsWith(root + sep)) throw new Error("storage path escapes its directory");
    return full;
  }
  paths(key) {
    assertValidKey(key);
    return { object: this.inside(this.objectsDir, key), meta: this.inside(this.metaDir, `${key}.json`) };
  }
  async writeAtomically(path, data) {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }
  async put(key, bytes, contentType) {
    const p = this.paths(key);
    await this.writeAtomically(p.object, bytes);
    const meta = { size: bytes.byteLength, contentType };
    await this.writeAtomically(p.meta, JSON.stringify(meta));
  }
  async delete(key) {
    const p = this.paths(key);
    await rm(p.meta, { force: true });
    await rm(p.object, { force: true });
  }
  async head(key) {
    const p = this.paths(key);
    try {
      const [info, meta] = await Promise.all([stat(p.object), readFile(p.meta, "utf8")]);
      if (!info.isFile()) return null;
      const parsed = JSON.parse(meta);
      return { size: info.size, contentType: parsed.contentType ?? "application/octet-stream" };
    } catch (error) {
      if (error.code === "ENOENT") return null;
      throw error;
    }
  }
  async signedGetUrl(key, ttlSeconds, downloadName) {
    assertValidKey(key);
    const expiresAtMs = nowMs() + ttlSeconds * 1e3;
    const exp = String(Math.floor(expiresAtMs / 1e3));
    const query = new URLSearchParams({ exp, n: downloadName, sig: hmac("file-link", linkPayload(key, exp, downloadName)) });
    return { url: `${this.options.baseUrl}/files/${key}?${query}`, expiresAt: new Date(Number(exp) * 1e3) };
  }
  /** Checks a link's signature, then its expiry against the service clock. */
  verifyLink(key, exp, name, sig) {
    if (!isValidKey(key) || exp === null || name === null || sig === null || !/^\d{1,12}$/.test(exp)) return "invalid";
    if (!safeEqual(sig, hmac("file-link", linkPayload(key, exp, name)))) return "invalid";
    return Number(exp) * 1e3 <= nowMs() ? "expired" : "ok";
  }
  /** The object's bytes as a stream, with its metadata; null when missing. */
  async open(key) {
    const p = this.paths(key);
    const handle = await open(p.object, "r").catch((error) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const info = await handle.stat();
      const meta = JSON.parse(await readFile(p.meta, "utf8"));
      if (!info.isFile()) throw Object.assign(new Error("not a file"), { code: "ENOENT" });
      const object = { size: info.size, contentType: meta.contentType ?? "application/octet-stream" };
      return { stream: handle.createReadStream({ autoClose: true }), object };
    } catch (error) {
      await handle.close();
      if (error.code === "ENOENT") return null;
      throw error;
    }
  }
  async ping() {
    await mkdir(this.objectsDir, { recursive: true });
    await access(this.objectsDir, constants.W_OK);
  }
}
function isNotFound(error) {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404;
}
class S3Storage {
  constructor(options) {
    this.options = options;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 demands them: S3-compatible services (and s3rver) reject the newer default trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
      requestHandler: { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs }
    });
  }
  options;
  kind = "s3";
  client;
  async put(key, bytes, contentType) {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength })
    );
  }
  async delete(key) {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
  async head(key) {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
  async signedGetUrl(key, ttlSeconds, downloadName) {
    assertValidKey(key);
    const signingDate = now();
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(downloadName)
      }),
      { expiresIn: ttlSeconds, signingDate }
    );
    const signedAtMs = Math.floor(signingDate.getTime() / 1e3) * 1e3;
    return { url, expiresAt: new Date(signedAtMs + ttlSeconds * 1e3) };
  }
  async ping() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: AbortSignal.timeout(this.options.timeoutMs)
    });
  }
  destroy() {
    this.client.destroy();
  }
}
let configured;
let current;
function fromConfig() {
  const cfg = config();
  const s = cfg.storage;
  if (s.kind === "fs") return new FsStorage({ dir: s.dir, baseUrl: cfg.origin });
  return new S3Storage({
    bucket: s.bucket,
    endpoint: s.endpoint,
    region: s.region,
    credentials: s.credentials,
    forcePathStyle: s.forcePathStyle,
    timeoutMs: s.timeoutMs
  });
}
function configuredStorage() {
  configured ??= fromConfig();
  return configured;
}
function storage() {
  return current ?? configuredStorage();
}
function fileServer() {
  const s = configuredStorage();
  return s instanceof FsStorage ? s : null;
}
function replaceStorage(wrap) {
  current = wrap ? wrap(configuredStorage()) : void 0;
}

export { asciiFileName as a, attachmentDisposition as b, fileServer as f, replaceStorage as r, storage as s };
//# sourceMappingURL=index4.js-DXozWz78.js.map
