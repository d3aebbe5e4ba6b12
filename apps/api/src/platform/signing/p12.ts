import { createDecipheriv, createHash, createHmac, createPrivateKey, pbkdf2Sync, timingSafeEqual, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * PKCS#12 (.p12/.pfx, RFC 7292) opened with pkijs for the structure and node's crypto for the
 * ciphers, synchronously. pkijs decrypts PBES2 only, and an engineer's P12 is as often the legacy
 * kind (Windows, OpenSSL 1.x, most CA portals: certificates under 40-bit RC2, the key under 3DES,
 * both keyed by the PKCS#12 KDF): those are decrypted here, RC2 in a few lines of JS because
 * OpenSSL 3 keeps it in its legacy provider, which node does not load.
 */

export class P12Error extends Error {
  constructor(message: string) { super(message); this.name = 'P12Error'; }
}

export interface P12Contents {
  /** The private key, as node's crypto holds it. */
  key: KeyObject;
  /** Every certificate in the file (DER), in the file's order. */
  certificates: Uint8Array[];
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
} as const;

/** The PKCS#12 password-based ciphers: OID → node cipher (RC2 by hand), key and IV length. */
const PKCS12_PBE: Record<string, { cipher: 'des-ede3-cbc' | 'rc2'; keyBytes: number; ivBytes: number }> = {
  '1.2.840.113549.1.12.1.3': { cipher: 'des-ede3-cbc', keyBytes: 24, ivBytes: 8 }, // pbeWithSHAAnd3-KeyTripleDES-CBC
  '1.2.840.113549.1.12.1.5': { cipher: 'rc2', keyBytes: 16, ivBytes: 8 }, // pbeWithSHAAnd128BitRC2-CBC
  '1.2.840.113549.1.12.1.6': { cipher: 'rc2', keyBytes: 5, ivBytes: 8 }, // pbewithSHAAnd40BitRC2-CBC
};
const PBES2_CIPHERS: Record<string, { name: string; keyBytes: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyBytes: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyBytes: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyBytes: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyBytes: 24 },
};
const HASHES: Record<string, { name: string; u: number; v: number }> = {
  '1.3.14.3.2.26': { name: 'sha1', u: 20, v: 64 },
  '2.16.840.1.101.3.4.2.1': { name: 'sha256', u: 32, v: 64 },
  '2.16.840.1.101.3.4.2.2': { name: 'sha384', u: 48, v: 128 },
  '2.16.840.1.101.3.4.2.3': { name: 'sha512', u: 64, v: 128 },
};
const HMAC_PRF: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1', '1.2.840.113549.2.9': 'sha256', '1.2.840.113549.2.10': 'sha384', '1.2.840.113549.2.11': 'sha512',
};

const bytes = (v: ArrayBuffer | Uint8Array) => Buffer.from(v instanceof Uint8Array ? v : new Uint8Array(v));
const arrayBufferOf = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The passphrase as the PKCS#12 KDF takes it: UTF-16BE with a two-byte terminator (RFC 7292 B.1). */
export function bmpPassword(passphrase: string): Buffer {
  const out = Buffer.alloc(passphrase.length * 2 + 2);
  for (let i = 0; i < passphrase.length; i++) out.writeUInt16BE(passphrase.charCodeAt(i), i * 2);
  return out;
}

/** The PKCS#12 KDF (RFC 7292 B.2): id 1 the key, 2 the IV, 3 the MAC key. */
export function pkcs12Kdf(hashOid: string, password: Buffer, salt: Buffer, iterations: number, id: 1 | 2 | 3, length: number): Buffer {
  const h = HASHES[hashOid];
  if (!h) throw new P12Error(`unsupported PKCS#12 hash ${hashOid}`);
  const { u, v } = h;
  const fill = (src: Buffer) => { const n = v * Math.ceil(src.length / v); const b = Buffer.alloc(n); for (let i = 0; i < n; i++) b[i] = src[i % src.length]!; return b; };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([salt.length ? fill(salt) : Buffer.alloc(0), password.length ? fill(password) : Buffer.alloc(0)]);
  const out: Buffer[] = [];
  for (let done = 0; done < length; done += u) {
    let A = createHash(h.name).update(D).update(I).digest();
    for (let j = 1; j < iterations; j++) A = createHash(h.name).update(A).digest();
    out.push(A);
    const B = fill(A);
    for (let j = 0; j < I.length; j += v) {
      // I_j = (I_j + B + 1) mod 2^(8v)
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) { const x = I[j + k]! + B[k]! + carry; I[j + k] = x & 0xff; carry = x >> 8; }
    }
  }
  return Buffer.concat(out).subarray(0, length);
}

// RC2 (RFC 2268), decryption only: the PI-derived table of RFC 2268 §2.
const PITABLE = Buffer.from(
  'd978f9c419ddb5ed28e9fd794aa0d89dc67e37832b76538e624c6488448bfba2179a59f587b34f1361456d8d09817d32'
  + 'bd8f40eb86b77b0bf09521225c6b4e8254d66593ce60b21c7356c014a78cf1dc1275ca1f3bbee4d1423dd430a33cb626'
  + '6fbf0eda4669075727f21d9bbc944303f811c7f690ef3ee706c3d52fc8661ed708e8eade8052eef784aa72ac354d6a2a'
  + '961ad2715a1549744b9fd05e0418a4ecc2e0416e0f51cbcc2491af50a1f47039997c3a8523b8b47afc02365b25559731'
  + '2d5dfa98e38a92ae05df2910676cbac9d300e6cfe19ea82c6316013f58e289a90d38341bab33ffb0bb480c5fb9b1cd2e'
  + 'c5f3db47e5a59c770aa62068fe7fc1ad', 'hex');

function rc2Decrypt(key: Buffer, effectiveBits: number, iv: Buffer, data: Buffer): Buffer {
  const L = Buffer.alloc(128);
  key.copy(L);
  const T = key.length;
  for (let i = T; i < 128; i++) L[i] = PITABLE[(L[i - 1]! + L[i - T]!) & 0xff]!;
  const T8 = Math.ceil(effectiveBits / 8);
  const TM = 0xff >> (8 * T8 - effectiveBits);
  L[128 - T8] = PITABLE[L[128 - T8]! & TM]!;
  for (let i = 127 - T8; i >= 0; i--) L[i] = PITABLE[L[i + 1]! ^ L[i + T8]!]!;
  const K = Array.from({ length: 64 }, (_, i) => L[2 * i]! | (L[2 * i + 1]! << 8));
  const S = [1, 2, 3, 5];
  const out = Buffer.alloc(data.length);
  let prev = iv;
  for (let off = 0; off < data.length; off += 8) {
    const R = [0, 1, 2, 3].map((i) => data.readUInt16LE(off + 2 * i));
    let j = 63;
    const mix = () => {
      for (let i = 3; i >= 0; i--) {
        R[i] = ((R[i]! >>> S[i]!) | (R[i]! << (16 - S[i]!))) & 0xffff;
        R[i] = (R[i]! - K[j--]! - (R[(i + 3) & 3]! & R[(i + 2) & 3]!) - (~R[(i + 3) & 3]! & R[(i + 1) & 3]!)) & 0xffff;
      }
    };
    const mash = () => { for (let i = 3; i >= 0; i--) R[i] = (R[i]! - K[R[(i + 3) & 3]! & 63]!) & 0xffff; };
    for (let n = 0; n < 5; n++) mix();
    mash();
    for (let n = 0; n < 6; n++) mix();
    mash();
    for (let n = 0; n < 5; n++) mix();
    for (let i = 0; i < 4; i++) out.writeUInt16LE(R[i]! ^ prev.readUInt16LE(2 * i), off + 2 * i);
    prev = data.subarray(off, off + 8);
  }
  const pad = out[out.length - 1]!;
  if (pad < 1 || pad > 8 || out.subarray(out.length - pad).some((b) => b !== pad)) throw new P12Error('bad padding');
  return out.subarray(0, out.length - pad);
}

/** Decrypts a PKCS#12 or PBES2 password-encrypted blob (EncryptedData content or a shrouded key). */
function decrypt(alg: pkijs.AlgorithmIdentifier, data: Buffer, passphrase: string): Buffer {
  const legacy = PKCS12_PBE[alg.algorithmId];
  if (legacy) {
    const params = alg.algorithmParams as asn1js.Sequence;
    const [saltV, iterV] = params.valueBlock.value as [asn1js.OctetString, asn1js.Integer];
    const salt = bytes(saltV.valueBlock.valueHexView);
    const iterations = iterV.valueBlock.valueDec;
    const pw = bmpPassword(passphrase);
    const key = pkcs12Kdf('1.3.14.3.2.26', pw, salt, iterations, 1, legacy.keyBytes);
    const iv = pkcs12Kdf('1.3.14.3.2.26', pw, salt, iterations, 2, legacy.ivBytes);
    if (legacy.cipher === 'rc2') return rc2Decrypt(key, legacy.keyBytes * 8, iv, data);
    const d = createDecipheriv(legacy.cipher, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  }
  if (alg.algorithmId === OID.pbes2) {
    const p = new pkijs.PBES2Params({ schema: alg.algorithmParams });
    if (p.keyDerivationFunc.algorithmId !== OID.pbkdf2) throw new P12Error(`unsupported key derivation ${p.keyDerivationFunc.algorithmId}`);
    const kdf = new pkijs.PBKDF2Params({ schema: p.keyDerivationFunc.algorithmParams });
    const cipher = PBES2_CIPHERS[p.encryptionScheme.algorithmId];
    if (!cipher) throw new P12Error(`unsupported cipher ${p.encryptionScheme.algorithmId}`);
    const prf = kdf.prf ? HMAC_PRF[kdf.prf.algorithmId] : 'sha1';
    if (!prf) throw new P12Error(`unsupported PBKDF2 hash ${kdf.prf!.algorithmId}`);
    const salt = bytes((kdf.salt as asn1js.OctetString).valueBlock.valueHexView);
    const key = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), salt, kdf.iterationCount, cipher.keyBytes, prf);
    const iv = bytes((p.encryptionScheme.algorithmParams as asn1js.OctetString).valueBlock.valueHexView);
    const d = createDecipheriv(cipher.name, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  }
  throw new P12Error(`unsupported encryption ${alg.algorithmId}`);
}

/** The MAC over the authenticated safe (RFC 7292 §5.1), checked before anything is decrypted. */
function checkMac(pfx: pkijs.PFX, authSafe: Buffer, passphrase: string): void {
  const mac = pfx.macData;
  if (!mac) return; // public-key integrity mode or none: the decryption below is the passphrase's check
  const hash = HASHES[mac.mac.digestAlgorithm.algorithmId];
  if (!hash) throw new P12Error(`unsupported MAC hash ${mac.mac.digestAlgorithm.algorithmId}`);
  const salt = bytes(mac.macSalt.valueBlock.valueHexView);
  const key = pkcs12Kdf(mac.mac.digestAlgorithm.algorithmId, bmpPassword(passphrase), salt, mac.iterations ?? 1, 3, hash.u);
  const want = bytes(mac.mac.digest.valueBlock.valueHexView);
  const got = createHmac(hash.name, key).update(authSafe).digest();
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new P12Error('the MAC does not match (wrong passphrase)');
}

/** Opens a PKCS#12 file with its passphrase: its private key and its certificates. Throws P12Error. */
export function openPkcs12(file: Uint8Array, passphrase: string): P12Contents {
  let pfx: pkijs.PFX;
  try {
    pfx = pkijs.PFX.fromBER(arrayBufferOf(file));
  } catch {
    throw new P12Error('not a PKCS#12 structure');
  }
  if (pfx.authSafe.contentType !== OID.data) throw new P12Error('only password integrity is supported');
  const authSafe = bytes((pfx.authSafe.content as asn1js.OctetString).getValue());
  checkMac(pfx, authSafe, passphrase);
  const safe = pkijs.AuthenticatedSafe.fromBER(arrayBufferOf(authSafe));
  const keys: Buffer[] = [];
  const certificates: Uint8Array[] = [];
  for (const ci of safe.safeContents) {
    let contents: Buffer;
    if (ci.contentType === OID.data) {
      contents = bytes((ci.content as asn1js.OctetString).getValue());
    } else if (ci.contentType === OID.encryptedData) {
      const ed = new pkijs.EncryptedData({ schema: ci.content });
      const eci = ed.encryptedContentInfo;
      contents = decrypt(eci.contentEncryptionAlgorithm, bytes(eci.getEncryptedContent()), passphrase);
    } else {
      continue; // public-key privacy (enveloped data): not something a signing certificate comes in
    }
    for (const bag of pkijs.SafeContents.fromBER(arrayBufferOf(contents)).safeBags) {
      if (bag.bagId === OID.keyBag) keys.push(bytes((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER(false)));
      else if (bag.bagId === OID.shroudedKeyBag) {
        const sk = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
        keys.push(decrypt(sk.encryptionAlgorithm, bytes(sk.encryptedData.valueBlock.valueHexView), passphrase));
      } else if (bag.bagId === OID.certBag) {
        const cb = bag.bagValue as pkijs.CertBag;
        if (cb.certId === OID.x509Certificate) certificates.push(bytes((cb.certValue as asn1js.OctetString).getValue()));
      }
    }
  }
  const key = keys[0];
  if (!key) throw new P12Error('no private key');
  return { key: createPrivateKey({ key, format: 'der', type: 'pkcs8' }), certificates };
}

/** The certificate among `certs` whose public key is the key's (null when none is). */
export function certificateOfKey(key: KeyObject, certs: readonly X509Certificate[]): X509Certificate | null {
  return certs.find((c) => c.checkPrivateKey(key)) ?? null;
}
