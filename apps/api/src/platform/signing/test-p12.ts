import { createHmac, generateKeyPairSync, pbkdf2Sync, randomBytes, createCipheriv, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { bmpPassword, pkcs12Kdf } from './p12.ts';

/*
 * TEST ONLY: throwaway certificates and keys as PKCS#12 files, made at run time for tests and
 * benches (no private key is ever committed), with pkijs + asn1js and node's crypto (the signing
 * library, issue 28). A real engineer brings their own P12 per signing. The P12s are what OpenSSL 3
 * writes by default: PBES2 (PBKDF2-SHA256, AES-256-CBC) for the key and the certificates, and an
 * HMAC-SHA256 MAC; the legacy kind (RC2/3DES) is tested with files OpenSSL makes (pades.test.ts).
 */
export interface TestCa { certPem: string; key: KeyObject; cert: pkijs.Certificate }

const OID = {
  commonName: '2.5.4.3', organization: '2.5.4.10', email: '1.2.840.113549.1.9.1',
  sha256WithRsa: '1.2.840.113549.1.1.11', basicConstraints: '2.5.29.19', keyUsage: '2.5.29.15',
  data: '1.2.840.113549.1.7.1', encryptedData: '1.2.840.113549.1.7.6',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2', certBag: '1.2.840.113549.1.12.10.1.3', x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13', pbkdf2: '1.2.840.113549.1.5.12', hmacSha256: '1.2.840.113549.2.9', aes256cbc: '2.16.840.1.101.3.4.1.42',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

const ab = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const der = (o: { toSchema(): asn1js.AsnType }) => new Uint8Array(o.toSchema().toBER(false));
const pem = (c: pkijs.Certificate) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der(c)).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

/** A Name with one attribute per RDN, as CAs write them (pkijs would put them all in one multi-valued RDN). */
function nameOf(parts: [string, string][]): pkijs.RelativeDistinguishedNames {
  const rdns = parts.map(([type, value]) => new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({
    type, value: type === OID.email ? new asn1js.IA5String({ value }) : new asn1js.Utf8String({ value }),
  }).toSchema()] }));
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** An X.509 v3 certificate, signed (SHA-256 with RSA) by `issuerKey` with node's crypto. */
function makeCertificate(o: { serialPrefix: number; subject: pkijs.RelativeDistinguishedNames; issuer: pkijs.RelativeDistinguishedNames; publicKey: KeyObject; issuerKey: KeyObject; notBefore: Date; notAfter: Date; ca: boolean }): pkijs.Certificate {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: Buffer.concat([Buffer.from([o.serialPrefix]), randomBytes(8)]) });
  cert.subject = o.subject;
  cert.issuer = o.issuer;
  cert.notBefore.value = o.notBefore;
  cert.notAfter.value = o.notAfter;
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(ab(o.publicKey.export({ type: 'spki', format: 'der' })));
  const keyUsage = o.ca ? new asn1js.BitString({ valueHex: new Uint8Array([0x06]), unusedBits: 1 }) : new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 });
  cert.extensions = [
    new pkijs.Extension({ extnID: OID.basicConstraints, critical: true, extnValue: new pkijs.BasicConstraints({ cA: o.ca }).toSchema().toBER(false) }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
  ];
  cert.signature = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  cert.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  cert.tbsView = new Uint8Array(cert.encodeTBS().toBER(false));
  cert.signatureValue = new asn1js.BitString({ valueHex: sign('sha256', cert.tbsView, o.issuerKey) });
  return cert;
}

/** PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC): the AlgorithmIdentifier and the ciphertext. */
function pbes2Encrypt(plain: Uint8Array, passphrase: string): { alg: pkijs.AlgorithmIdentifier; data: Buffer } {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const iterations = 2048;
  const key = pbkdf2Sync(Buffer.from(passphrase, 'utf8'), salt, iterations, 32, 'sha256');
  const c = createCipheriv('aes-256-cbc', key, iv);
  const data = Buffer.concat([c.update(plain), c.final()]);
  const params = new pkijs.PBES2Params({
    keyDerivationFunc: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.pbkdf2,
      algorithmParams: new pkijs.PBKDF2Params({ salt: new asn1js.OctetString({ valueHex: salt }), iterationCount: iterations, prf: new pkijs.AlgorithmIdentifier({ algorithmId: OID.hmacSha256, algorithmParams: new asn1js.Null() }) }).toSchema(),
    }),
    encryptionScheme: new pkijs.AlgorithmIdentifier({ algorithmId: OID.aes256cbc, algorithmParams: new asn1js.OctetString({ valueHex: iv }) }),
  });
  return { alg: new pkijs.AlgorithmIdentifier({ algorithmId: OID.pbes2, algorithmParams: params.toSchema() }), data };
}

/** A PKCS#12 file (password privacy and integrity) holding the key and the certificates. */
function makePkcs12(key: KeyObject, certs: pkijs.Certificate[], passphrase: string): Uint8Array {
  const shrouded = pbes2Encrypt(key.export({ type: 'pkcs8', format: 'der' }), passphrase);
  const keyBag = new pkijs.SafeBag({ bagId: OID.shroudedKeyBag, bagValue: new pkijs.PKCS8ShroudedKeyBag({ encryptionAlgorithm: shrouded.alg, encryptedData: new asn1js.OctetString({ valueHex: shrouded.data }) }) });
  const certBags = certs.map((c) => new pkijs.SafeBag({ bagId: OID.certBag, bagValue: new pkijs.CertBag({ certId: OID.x509Certificate, certValue: new asn1js.OctetString({ valueHex: der(c) }) }) }));
  const certSafe = pbes2Encrypt(der(new pkijs.SafeContents({ safeBags: certBags })), passphrase);
  const encrypted = new pkijs.EncryptedData({
    version: 0,
    encryptedContentInfo: new pkijs.EncryptedContentInfo({ contentType: OID.data, contentEncryptionAlgorithm: certSafe.alg, encryptedContent: new asn1js.OctetString({ valueHex: certSafe.data }) }),
  });
  const authSafe = der(new pkijs.AuthenticatedSafe({
    safeContents: [
      new pkijs.ContentInfo({ contentType: OID.data, content: new asn1js.OctetString({ valueHex: der(new pkijs.SafeContents({ safeBags: [keyBag] })) }) }),
      new pkijs.ContentInfo({ contentType: OID.encryptedData, content: encrypted.toSchema() }),
    ],
  }));
  const macSalt = randomBytes(16);
  const iterations = 2048;
  const macKey = pkcs12Kdf(OID.sha256, bmpPassword(passphrase), macSalt, iterations, 3, 32);
  const pfx = new pkijs.PFX({
    version: 3,
    authSafe: new pkijs.ContentInfo({ contentType: OID.data, content: new asn1js.OctetString({ valueHex: authSafe }) }),
    macData: new pkijs.MacData({
      mac: new pkijs.DigestInfo({ digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }), digest: new asn1js.OctetString({ valueHex: createHmac('sha256', macKey).update(authSafe).digest() }) }),
      macSalt: new asn1js.OctetString({ valueHex: macSalt }),
      iterations,
    }),
  });
  return der(pfx);
}

const newKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** TEST ONLY: a throwaway certification authority, to test SIGNING_TRUST_DIR. */
export function makeTestCa(commonName = 'Sunstamp Test Root CA'): TestCa {
  const { privateKey, publicKey } = newKeys();
  const name = nameOf([[OID.commonName, commonName], [OID.organization, 'Sunstamp test CA (not trusted)']]);
  const cert = makeCertificate({
    serialPrefix: 0x02, subject: name, issuer: name, publicKey, issuerKey: privateKey, ca: true,
    notBefore: new Date(Date.now() - 2 * 24 * 3600_000), notAfter: new Date(Date.now() + 5 * 365 * 24 * 3600_000),
  });
  return { certPem: pem(cert), key: privateKey, cert };
}

/**
 * TEST ONLY: a throwaway certificate and key as a PKCS#12, self-signed or issued by `ca`, made at
 * run time for tests and benches (no private key is ever committed); `certPem` is its public part,
 * what an engineer registers. A real engineer brings their own P12 per signing.
 */
export function makeTestP12(opts: { commonName?: string; email?: string; passphrase?: string; notBefore?: Date; notAfter?: Date; ca?: TestCa } = {}): { p12: Uint8Array; passphrase: string; certPem: string } {
  const passphrase = opts.passphrase ?? 'test-only-passphrase';
  const { privateKey, publicKey } = newKeys();
  const subject = nameOf([[OID.commonName, opts.commonName ?? 'Test Engineer'], [OID.email, opts.email ?? 'engineer@sunstamp.test'], [OID.organization, 'Sunstamp test CA (not trusted)']]);
  const cert = makeCertificate({
    serialPrefix: 0x01, subject, issuer: opts.ca ? opts.ca.cert.subject : subject, publicKey, issuerKey: opts.ca?.key ?? privateKey, ca: false,
    notBefore: opts.notBefore ?? new Date(Date.now() - 24 * 3600_000), notAfter: opts.notAfter ?? new Date(Date.now() + 365 * 24 * 3600_000),
  });
  const chain = opts.ca ? [cert, opts.ca.cert] : [cert];
  return { p12: makePkcs12(privateKey, chain, passphrase), passphrase, certPem: pem(cert) };
}

/**
 * TEST ONLY: signs as an outside tool (Acrobat, Bluebeam) does, by appending an incremental update
 * to the bytes given, so the signed file begins with exactly those bytes.
 */
export async function signLikeOutsideTool(pdf: Uint8Array, p12: Uint8Array, passphrase: string): Promise<Uint8Array> {
  const { plainAddPlaceholder } = await import('@signpdf/placeholder-plain');
  const { SignPdf } = await import('@signpdf/signpdf');
  const { Signer } = await import('@signpdf/utils');
  const { openSigner, cmsSignDetached } = await import('./pades.ts');
  const opened = openSigner(p12, passphrase).opened as Parameters<typeof cmsSignDetached>[1];
  class P12Signer extends Signer {
    override async sign(content: Buffer, signingTime?: Date): Promise<Buffer> { return Buffer.from(cmsSignDetached(content, opened, signingTime ?? new Date())); }
  }
  const withPlaceholder = plainAddPlaceholder({ pdfBuffer: Buffer.from(pdf), reason: 'Signed outside Sunstamp', contactInfo: '', name: 'Outside tool', location: '', subFilter: 'ETSI.CAdES.detached', signatureLength: 16384 });
  return new Uint8Array(await new SignPdf().sign(withPlaceholder, new P12Signer()));
}
