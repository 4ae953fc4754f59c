import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { createDecryptor, type CryptMethod, type Decryptor, type EncryptionParams } from './pdf-crypto.js';
import { TranslatePdfError } from './types.js';

/**
 * pdf-lib loads an encrypted file (`ignoreEncryption: true`) with its strings and streams still
 * encrypted: drawing on it or copying its pages would produce garbage. A file that opens without a
 * password (owner password only, as some filings are) is decrypted here, object by object, and
 * its /Encrypt entry removed, so what pdf-lib writes is a plain, readable PDF.
 */

const name = (value: string) => PDFName.of(value);

function bytesOf(object: PDFObject | undefined): Uint8Array | undefined {
  if (object instanceof PDFString || object instanceof PDFHexString) return object.asBytes();
  return undefined;
}

function numberOf(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(name(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

const METHODS: Record<string, CryptMethod> = { None: 'none', V2: 'rc4', AESV2: 'aes128', AESV3: 'aes256' };

/** The method of the crypt filter /StmF or /StrF names (version 4 and 5 files). */
function filterMethod(encrypt: PDFDict, key: 'StmF' | 'StrF'): CryptMethod {
  const filter = encrypt.lookup(name(key));
  const filterName = filter instanceof PDFName ? filter.decodeText() : 'Identity';
  if (filterName === 'Identity') return 'none';
  const filters = encrypt.lookup(name('CF'));
  const entry = filters instanceof PDFDict ? filters.lookup(name(filterName)) : undefined;
  const method = entry instanceof PDFDict ? entry.lookup(name('CFM')) : undefined;
  const found = method instanceof PDFName ? METHODS[method.decodeText()] : undefined;
  if (!found) throw unsupported(`crypt filter ${filterName}`);
  return found;
}

const unsupported = (what: string) =>
  new TranslatePdfError(
    'encrypted',
    `The PDF is encrypted with a method the translator cannot read (${what}).`,
  );

function readParams(doc: PDFDocument, encrypt: PDFDict): EncryptionParams {
  const filter = encrypt.lookup(name('Filter'));
  if (!(filter instanceof PDFName) || filter.decodeText() !== 'Standard') throw unsupported(String(filter));
  const version = numberOf(encrypt, 'V') ?? 0;
  const revision = numberOf(encrypt, 'R') ?? 0;
  if (version < 1 || version > 5 || version === 3 || revision < 2 || revision > 6) {
    throw unsupported(`V ${version}, R ${revision}`);
  }
  const bits = numberOf(encrypt, 'Length') ?? (version === 4 ? 128 : 40);
  const owner = bytesOf(encrypt.lookup(name('O')));
  const user = bytesOf(encrypt.lookup(name('U')));
  if (!owner || !user) throw unsupported('no /O or /U entry');
  const ids = doc.context.lookup(doc.context.trailerInfo.ID);
  const id = (ids instanceof PDFArray && bytesOf(ids.lookup(0))) || new Uint8Array(0);
  const legacy: CryptMethod = version >= 5 ? 'aes256' : 'rc4';
  const metadata = encrypt.lookup(name('EncryptMetadata'));
  return {
    version,
    revision,
    keyLength: version >= 5 ? 32 : version === 1 ? 5 : Math.min(16, Math.max(5, Math.floor(bits / 8))),
    owner,
    user,
    userKey: bytesOf(encrypt.lookup(name('UE'))),
    permissions: numberOf(encrypt, 'P') ?? -1,
    encryptMetadata: !(metadata instanceof PDFBool) || metadata.asBoolean(),
    id,
    streams: version >= 4 ? filterMethod(encrypt, 'StmF') : legacy,
    strings: version >= 4 ? filterMethod(encrypt, 'StrF') : legacy,
  };
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Decrypts every string and stream under `object`; returns the object to store in its place. */
function decryptObject(
  object: PDFObject,
  ref: PDFRef,
  decryptor: Decryptor,
  params: EncryptionParams,
): PDFObject {
  const walk = (value: PDFObject): PDFObject => decryptObject(value, ref, decryptor, params);
  const { objectNumber: num, generationNumber: gen } = ref;
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return PDFHexString.of(toHex(decryptor.string(object.asBytes(), num, gen)));
  }
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const value = object.get(i);
      const next = walk(value);
      if (next !== value) object.set(i, next);
    }
    return object;
  }
  if (object instanceof PDFDict) {
    // Signature values are never encrypted.
    const signature = object.has(name('ByteRange'));
    for (const [key, value] of object.entries()) {
      if (signature && key.decodeText() === 'Contents') continue;
      const next = walk(value);
      if (next !== value) object.set(key, next);
    }
    return object;
  }
  if (object instanceof PDFRawStream) {
    walk(object.dict);
    const type = object.dict.lookup(name('Type'));
    const plainMetadata = !params.encryptMetadata && type === name('Metadata');
    if (type === name('XRef') || plainMetadata) return object;
    return PDFRawStream.of(object.dict, decryptor.stream(object.contents, num, gen));
  }
  return object;
}

/**
 * Decrypts a document loaded with `ignoreEncryption: true` in place. Returns false when it was not
 * encrypted; throws TranslatePdfError('encrypted') when it needs a password or uses an unknown method.
 */
export function decryptDocument(doc: PDFDocument): boolean {
  const { context } = doc;
  const encryptRef = context.trailerInfo.Encrypt;
  const encrypt = context.lookup(encryptRef);
  if (!(encrypt instanceof PDFDict)) return false;
  const params = readParams(doc, encrypt);
  const decryptor = createDecryptor(params);
  if (!decryptor) throw new TranslatePdfError('encrypted', 'The PDF needs a password to open.');
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (ref === encryptRef || object === encrypt) continue;
    const next = decryptObject(object, ref, decryptor, params);
    if (next !== object) context.assign(ref, next);
  }
  if (encryptRef instanceof PDFRef) context.delete(encryptRef);
  context.trailerInfo.Encrypt = undefined;
  return true;
}
