import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/*
 * TEST ONLY: a throwaway self-signed certificate and key as a PKCS#12, made at run time for tests
 * and benches (no private key is ever committed). A real engineer brings their own P12 per signing.
 */
export interface TestCa { certPem: string; key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate }

function newKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    key: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    pub: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

/** TEST ONLY: a throwaway certification authority, to test SIGNING_TRUST_DIR. */
export function makeTestCa(commonName = 'Sunstamp Test Root CA'): TestCa {
  const { key, pub } = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = '02' + forge.util.bytesToHex(forge.random.getBytesSync(8));
  cert.validity.notBefore = new Date(Date.now() - 2 * 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: commonName }, { name: 'organizationName', value: 'Sunstamp test CA (not trusted)' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }]);
  cert.sign(key, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), key, cert };
}

/**
 * TEST ONLY: a throwaway certificate and key as a PKCS#12, self-signed or issued by `ca`, made at
 * run time for tests and benches (no private key is ever committed); `certPem` is its public part,
 * what an engineer registers. A real engineer brings their own P12 per signing.
 */
export function makeTestP12(opts: { commonName?: string; email?: string; passphrase?: string; notBefore?: Date; notAfter?: Date; ca?: TestCa } = {}): { p12: Uint8Array; passphrase: string; certPem: string } {
  const passphrase = opts.passphrase ?? 'test-only-passphrase';
  const { key, pub } = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = '01' + forge.util.bytesToHex(forge.random.getBytesSync(8));
  cert.validity.notBefore = opts.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = opts.notAfter ?? new Date(Date.now() + 365 * 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: opts.commonName ?? 'Test Engineer' }, { name: 'emailAddress', value: opts.email ?? 'engineer@sunstamp.test' }, { name: 'organizationName', value: 'Sunstamp test CA (not trusted)' }];
  cert.setSubject(attrs);
  cert.setIssuer(opts.ca ? opts.ca.cert.subject.attributes : attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(opts.ca?.key ?? key, forge.md.sha256.create());
  const chain = opts.ca ? [cert, opts.ca.cert] : [cert];
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, passphrase, { algorithm: '3des' });
  return { p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')), passphrase, certPem: forge.pki.certificateToPem(cert) };
}

/**
 * TEST ONLY: signs as an outside tool (Acrobat, Bluebeam) does, by appending an incremental update
 * to the bytes given, so the signed file begins with exactly those bytes.
 */
export async function signLikeOutsideTool(pdf: Uint8Array, p12: Uint8Array, passphrase: string): Promise<Uint8Array> {
  const { plainAddPlaceholder } = await import('@signpdf/placeholder-plain');
  const { SignPdf } = await import('@signpdf/signpdf');
  const { P12Signer } = await import('@signpdf/signer-p12');
  const withPlaceholder = plainAddPlaceholder({ pdfBuffer: Buffer.from(pdf), reason: 'Signed outside Sunstamp', contactInfo: '', name: 'Outside tool', location: '', subFilter: 'ETSI.CAdES.detached', signatureLength: 16384 });
  return new Uint8Array(await new SignPdf().sign(withPlaceholder, new P12Signer(Buffer.from(p12), { passphrase })));
}
