import { constants, createHash, createPrivateKey, privateEncrypt, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { PDFDocument } from '@cantoo/pdf-lib';
import * as pkijs from 'pkijs';
import { addSignaturePlaceholder } from './pdf-placeholder.ts';

/*
 * PAdES (B-B, ETSI.CAdES.detached) signatures on finished PDFs, bytes in and bytes out. The
 * engineer's key is a PKCS#12 file handed over for one signing with its passphrase; neither is kept
 * (state boards ask that the key stay under the engineer's sole control). Stamping must be done
 * before: re-saving a signed PDF voids the signature. Verification is in-process (pkijs): the
 * digest over the ByteRange, the CMS signature, and that the ByteRange covers the whole file.
 */

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

export class SigningError extends Error {
  constructor(message: string) { super(message); this.name = 'SigningError'; }
}

export interface SignMeta { reason: string; name: string; location: string; contactInfo: string; signingTime: Date }

export interface P12Identity { commonName: string; email: string | null; notBefore: Date; notAfter: Date; serial: string }

interface OpenedP12 { identity: P12Identity; key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate; chain: forge.pki.Certificate[] }

/** Opens a P12 with its passphrase: the certificate matching its private key, and the rest of the chain. */
function openP12(p12: Uint8Array, passphrase: string): OpenedP12 {
  let bags: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    bags = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch {
    throw new SigningError('The certificate file could not be opened: it is not a PKCS#12 (.p12/.pfx) file or the passphrase is wrong.');
  }
  const certs = (bags.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []).flatMap((b) => (b.cert ? [b.cert] : []));
  const keyBag = bags.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0]
    ?? bags.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  const cert = key && certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!key || !cert) throw new SigningError('The certificate file holds no certificate with its private key.');
  const field = (name: string) => cert.subject.getField(name) as { value: string } | null;
  return {
    identity: {
      commonName: field('CN')?.value ?? '',
      email: field('E')?.value ?? (cert.subject.getField({ name: 'emailAddress' }) as { value: string } | null)?.value ?? null,
      notBefore: cert.validity.notBefore,
      notAfter: cert.validity.notAfter,
      serial: cert.serialNumber,
    },
    key, cert, chain: certs,
  };
}

/** Opens a P12 with its passphrase and answers the certificate's identity (SigningError when it cannot). */
export function readP12(p12: Uint8Array, passphrase: string): P12Identity {
  return openP12(p12, passphrase).identity;
}

// DigestInfo prefix of SHA-256 (RFC 8017 §9.2): the RSA operation itself runs in node's crypto, not in JS.
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The CMS (detached, sha256, contentType/signingTime/messageDigest attributes in the order EU
 * validators expect) built by node-forge as @signpdf's P12Signer does, from a P12 opened once, with
 * the RSA signature made by node's crypto (forge's pure-JS RSA took most of a signing's time).
 */
class OpenedP12Signer extends Signer {
  private readonly nodeKey: KeyObject;
  constructor(private readonly opened: OpenedP12) {
    super();
    this.nodeKey = createPrivateKey(forge.pki.privateKeyToPem(opened.key));
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const c of this.opened.chain) p7.addCertificate(c);
    const nodeKey = this.nodeKey;
    const key = {
      ...this.opened.key,
      sign: (md: forge.md.MessageDigest) => privateEncrypt({ key: nodeKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')])).toString('binary'),
    };
    p7.addSigner({
      key: key as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.opened.cert,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

const x509Of = (c: forge.pki.Certificate) => new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary'));

/** A P12 opened for one signing: its certificate and chain, to be checked before the key is used. Held in memory only. */
export interface OpenedSigner {
  identity: P12Identity;
  /** The certificate that matches the private key. */
  certificate: X509Certificate;
  /** Every certificate in the P12 (the signer's first among them when the P12 carries a chain). */
  chain: X509Certificate[];
  readonly opened: unknown;
}

/** Opens a P12 with its passphrase for one signing (SigningError when it cannot). */
export function openSigner(p12: Uint8Array, passphrase: string): OpenedSigner {
  const opened = openP12(p12, passphrase);
  return { identity: opened.identity, certificate: x509Of(opened.cert), chain: opened.chain.map(x509Of), opened };
}

/** Adds a signature placeholder and signs with the P12: the whole file is covered. */
export async function signPdfWithP12(pdf: Uint8Array, p12: Uint8Array, passphrase: string, meta: SignMeta): Promise<Uint8Array> {
  return signPdfWith(pdf, openSigner(p12, passphrase), meta);
}

/** Signs with a P12 opened (and checked) by the caller. */
export async function signPdfWith(pdf: Uint8Array, signer: OpenedSigner, meta: SignMeta): Promise<Uint8Array> {
  const opened = signer.opened as OpenedP12;
  const id = opened.identity;
  if (id.notAfter.getTime() < meta.signingTime.getTime() || id.notBefore.getTime() > meta.signingTime.getTime()) {
    throw new SigningError(`The certificate of ${id.commonName || 'the signer'} is not valid now (valid ${id.notBefore.toISOString().slice(0, 10)} to ${id.notAfter.toISOString().slice(0, 10)}).`);
  }
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  addSignaturePlaceholder(doc, {
    reason: meta.reason, name: meta.name, location: meta.location, contactInfo: meta.contactInfo,
    signingTime: meta.signingTime, subFilter: 'ETSI.CAdES.detached', signatureLength: 16384,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(withPlaceholder, new OpenedP12Signer(opened), meta.signingTime);
  return new Uint8Array(signed);
}

export interface SignatureCheck {
  valid: boolean;
  /** The last signature's ByteRange starts at 0 and ends at the end of the file. */
  coversWholeFile: boolean;
  /** Why it is not valid (digest mismatch, no signature, …). */
  problem: string | null;
  signer: { commonName: string; email: string | null; serial: string } | null;
  /** The signer's certificate (DER) and the others the signature carries (its chain). */
  certificates: { signer: Uint8Array | null; all: Uint8Array[] };
  byteRange: [number, number, number, number] | null;
  sha256: string;
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

/** Verifies the last signature of a PDF (the one over the most bytes). */
export async function verifyPdfSignature(pdf: Uint8Array): Promise<SignatureCheck> {
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const text = latin1(pdf);
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const fail = (problem: string, byteRange: SignatureCheck['byteRange'] = null): SignatureCheck => ({ valid: false, coversWholeFile: false, problem, signer: null, certificates: { signer: null, all: [] }, byteRange, sha256 });
  const last = ranges.at(-1);
  if (!last) return fail('The file has no digital signature.');
  const br = last.slice(1, 5).map(Number) as [number, number, number, number];
  const [a, b, c, d] = br;
  if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length) return fail('The signature\'s byte range is not valid for this file.', br);
  const contents = text.slice(b, c).trim();
  if (!contents.startsWith('<') || !contents.endsWith('>')) return fail('The signature\'s contents are not where its byte range says.', br);
  const der = Buffer.from(contents.slice(1, -1).replace(/(00)+$/, ''), 'hex');
  const signedData = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const coversWholeFile = c + d === pdf.length;
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(der).buffer.slice(0) as ArrayBuffer);
    if (asn1.offset === -1) return { ...fail('The signature is not a CMS structure.', br), coversWholeFile };
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    const sd = new pkijs.SignedData({ schema: info.content });
    const ok = await sd.verify({ signer: 0, data: new Uint8Array(signedData).buffer as ArrayBuffer, checkChain: false });
    const certs = (sd.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
    // The signer is the certificate its SignerInfo names by issuer and serial number.
    const sid = sd.signerInfos[0]?.sid;
    const serialHex = (c: pkijs.Certificate) => Buffer.from(c.serialNumber.valueBlock.valueHexView).toString('hex');
    const cert = (sid instanceof pkijs.IssuerAndSerialNumber ? certs.find((c) => serialHex(c) === Buffer.from(sid.serialNumber.valueBlock.valueHexView).toString('hex')) : undefined) ?? certs[0];
    const certDer = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));
    const attr = (oid: string) => {
      const v = cert?.subject.typesAndValues.find((t) => t.type === oid)?.value.valueBlock as { value?: string } | undefined;
      return v?.value ?? null;
    };
    const signer = cert ? { commonName: attr('2.5.4.3') ?? '', email: attr('1.2.840.113549.1.9.1'), serial: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex') } : null;
    return {
      valid: ok === true, coversWholeFile, problem: ok === true ? null : 'The signature does not verify.', signer,
      certificates: { signer: cert ? certDer(cert) : null, all: certs.map(certDer) }, byteRange: br, sha256,
    };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ...fail(/digest/i.test(msg) ? 'The document was changed after it was signed (digest mismatch).' : `The signature does not verify: ${msg}`, br), coversWholeFile };
  }
}

/**
 * An outside signature (Acrobat, Bluebeam) appends an incremental update to the file Sunstamp
 * made: the signed file must begin with exactly those bytes, and its signature must be valid over
 * the whole file.
 */
export async function verifyOutsideSignature(generated: Uint8Array, signed: Uint8Array): Promise<SignatureCheck & { startsWithGenerated: boolean }> {
  const startsWithGenerated = signed.length > generated.length && Buffer.from(signed.subarray(0, generated.length)).equals(Buffer.from(generated));
  return { ...(await verifyPdfSignature(signed)), startsWithGenerated };
}
