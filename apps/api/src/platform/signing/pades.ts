import { createHash, sign as rsaSign, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import { PDFDocument } from '@cantoo/pdf-lib';
import * as pkijs from 'pkijs';
import { certificateOfKey, openPkcs12 } from './p12.ts';
import { addSignaturePlaceholder } from './pdf-placeholder.ts';

/*
 * PAdES (B-B, ETSI.CAdES.detached) signatures on finished PDFs, bytes in and bytes out. The
 * engineer's key is a PKCS#12 file handed over for one signing with its passphrase; neither is kept
 * (state boards ask that the key stay under the engineer's sole control). Stamping must be done
 * before: re-saving a signed PDF voids the signature. One library for the whole job (pkijs +
 * asn1js, issue 28): the P12 is opened (p12.ts), the CMS built and the signature verified with it;
 * node's crypto does the RSA, the hashes and the ciphers. Verification is in-process: the digest
 * over the ByteRange, the CMS signature, and that the ByteRange covers the whole file.
 */

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

export class SigningError extends Error {
  constructor(message: string) { super(message); this.name = 'SigningError'; }
}

export interface SignMeta { reason: string; name: string; location: string; contactInfo: string; signingTime: Date }

export interface P12Identity { commonName: string; email: string | null; notBefore: Date; notAfter: Date; serial: string }

interface OpenedP12 { identity: P12Identity; key: KeyObject; cert: pkijs.Certificate; chain: pkijs.Certificate[] }

const OID = {
  commonName: '2.5.4.3',
  email: '1.2.840.113549.1.9.1',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

const hexOf = (b: ArrayBuffer | Uint8Array) => Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('hex');
const derOf = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));
const pkijsCert = (der: Uint8Array) => pkijs.Certificate.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength) as ArrayBuffer);
/** A subject attribute's text (CN, e-mail), or null. */
function subjectText(cert: pkijs.Certificate | undefined, oid: string): string | null {
  const v = cert?.subject.typesAndValues.find((t) => t.type === oid)?.value.valueBlock as { value?: string } | undefined;
  return v?.value ?? null;
}

/** Opens a P12 with its passphrase: the certificate matching its private key, and the rest of the chain. */
function openP12(p12: Uint8Array, passphrase: string): OpenedP12 {
  let opened: ReturnType<typeof openPkcs12>;
  try {
    opened = openPkcs12(p12, passphrase);
  } catch {
    // P12Error, or a parse or decipher error on a file that is no P12 or a wrong passphrase.
    throw new SigningError('The certificate file could not be opened: it is not a PKCS#12 (.p12/.pfx) file or the passphrase is wrong.');
  }
  const x509s = opened.certificates.map((d) => new X509Certificate(d));
  const own = certificateOfKey(opened.key, x509s);
  if (!own) throw new SigningError('The certificate file holds no certificate with its private key.');
  if (opened.key.asymmetricKeyType !== 'rsa') throw new SigningError('The certificate file holds a key Sunstamp cannot sign with yet (RSA keys only).');
  const chain = opened.certificates.map(pkijsCert);
  const cert = chain[x509s.indexOf(own)]!;
  return {
    identity: {
      commonName: subjectText(cert, OID.commonName) ?? '',
      email: subjectText(cert, OID.email),
      notBefore: cert.notBefore.value,
      notAfter: cert.notAfter.value,
      serial: hexOf(cert.serialNumber.valueBlock.valueHexView),
    },
    key: opened.key, cert, chain,
  };
}

/** Opens a P12 with its passphrase and answers the certificate's identity (SigningError when it cannot). */
export function readP12(p12: Uint8Array, passphrase: string): P12Identity {
  return openP12(p12, passphrase).identity;
}

const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });

/**
 * The signed attributes of PAdES B-B (ETSI EN 319 142-1 §6.3, EN 319 122-1 §5.2): content-type,
 * message-digest, signing-time, and signing-certificate-v2 (ESS, RFC 5035) binding the signer's
 * certificate by its SHA-256 (sha256 is the default hash, so left out; issuerSerial is omitted as
 * EN 319 122-1 recommends). DER wants a SET OF sorted by encoding, so they are sorted here.
 */
function signedAttributes(digest: Buffer, signingTime: Date, certDer: Uint8Array): pkijs.Attribute[] {
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: createHash('sha256').update(certDer).digest() })] });
  const attrs = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: signingTime })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: digest })),
    attribute(OID.signingCertificateV2, new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })),
  ];
  const enc = (a: pkijs.Attribute) => Buffer.from(a.toSchema().toBER(false));
  return attrs.sort((a, b) => Buffer.compare(enc(a), enc(b)));
}

/**
 * The CMS SignedData (detached, SHA-256, RSA PKCS#1 v1.5) built with pkijs, over the bytes
 * @signpdf hands in (the file without the /Contents hole), carrying the P12's certificate chain.
 * The RSA signature over the DER signed attributes is made by node's crypto, synchronously.
 */
export function cmsSignDetached(content: Uint8Array, opened: Pick<OpenedP12, 'key' | 'cert' | 'chain'>, signingTime: Date): Uint8Array {
  const digest = createHash('sha256').update(content).digest();
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes(digest, signingTime, derOf(opened.cert)) });
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER(false));
  toSign[0] = 0x31; // signed over as an explicit SET OF (RFC 5652 §5.4), stored as [0] IMPLICIT
  const signature = rsaSign('sha256', toSign, opened.key);
  const sha256Id = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() });
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: opened.cert.issuer, serialNumber: opened.cert.serialNumber }),
    digestAlgorithm: sha256Id(),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: signature }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256Id()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: opened.chain,
    signerInfos: [signerInfo],
  });
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}

/** @signpdf's signer interface (it places the ByteRange and the hex) over the pkijs CMS above. */
class OpenedP12Signer extends Signer {
  constructor(private readonly opened: OpenedP12) { super(); }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    return Buffer.from(cmsSignDetached(pdf, this.opened, signingTime ?? new Date()));
  }
}

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
  const x509 = (c: pkijs.Certificate) => new X509Certificate(derOf(c));
  return { identity: opened.identity, certificate: x509(opened.cert), chain: opened.chain.map(x509), opened };
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

/**
 * The CMS bytes of a signature's /Contents hex string. The placeholder is padded with zeros after
 * the DER; the DER's own length header says where it ends, so the padding is never guessed from
 * the bytes (a signature whose last byte is 0x00 — one in 256 — would lose it to a trim of zeros).
 */
export function derOfContents(hex: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(hex, 'hex'));
  const { offset } = asn1js.fromBER(bytes.buffer.slice(0) as ArrayBuffer);
  return offset > 0 ? bytes.subarray(0, offset) : bytes;
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
  const der = derOfContents(contents.slice(1, -1));
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
    const signer = cert ? { commonName: subjectText(cert, OID.commonName) ?? '', email: subjectText(cert, OID.email), serial: hexOf(cert.serialNumber.valueBlock.valueHexView) } : null;
    return {
      valid: ok === true, coversWholeFile, problem: ok === true ? null : 'The signature does not verify.', signer,
      certificates: { signer: cert ? derOf(cert) : null, all: certs.map(derOf) }, byteRange: br, sha256,
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
