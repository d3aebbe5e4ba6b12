import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Signing certificates as Sunstamp keeps them: the public part an engineer registers, matched to a
 * signing key by the SHA-256 of its SubjectPublicKeyInfo, and (when SIGNING_TRUST_DIR names a
 * directory of CA certificates) checked up to one of those CAs through the chain the signer brings.
 * Node's own X.509 (no dependency): issuer and signature of each link, validity at the signing date,
 * CA constraint of every issuer.
 */

export class CertificateError extends Error {
  constructor(message: string) { super(message); this.name = 'CertificateError'; }
}

/** SHA-256 (hex) of the DER SubjectPublicKeyInfo. */
export function spkiSha256(cert: X509Certificate): string {
  return createHash('sha256').update(cert.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** "ab:cd:…", as certificate viewers print fingerprints. */
export const colonHex = (hex: string) => hex.toUpperCase().match(/.{2}/g)!.join(':');

const oneLine = (dn: string) => dn.split('\n').map((s) => s.trim()).filter(Boolean).join(', ');

export interface CertificateFacts {
  pem: string;
  subject: string;
  issuer: string;
  commonName: string;
  serial: string;
  notBefore: Date;
  notAfter: Date;
  selfSigned: boolean;
  spkiSha256: string;
}

export function factsOf(cert: X509Certificate): CertificateFacts {
  return {
    pem: cert.toString(),
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    commonName: /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1] ?? '',
    serial: cert.serialNumber,
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    // checkIssued would also ask for keyCertSign, which an end-entity certificate rightly lacks.
    selfSigned: cert.issuer === cert.subject && cert.verify(cert.publicKey),
    spkiSha256: spkiSha256(cert),
  };
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate in a PEM bundle, or the one DER certificate. Throws CertificateError otherwise. */
export function readCertificates(bytes: Uint8Array): X509Certificate[] {
  const text = Buffer.from(bytes).toString('latin1');
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
    throw new CertificateError('The file holds a private key. Never upload it: export the certificate alone (.cer, .crt or .pem) and keep the key to yourself.');
  }
  const pems = text.match(PEM_CERT);
  try {
    if (pems?.length) return pems.map((p) => new X509Certificate(p));
    return [new X509Certificate(Buffer.from(bytes))];
  } catch {
    throw new CertificateError('The file is not an X.509 certificate. Upload the public certificate (.cer, .crt or .pem), not the .p12/.pfx that holds the key.');
  }
}

/** The CA certificates of SIGNING_TRUST_DIR (*.pem, *.crt, *.cer), read once per directory. */
export class TrustStore {
  private constructor(readonly dir: string, readonly anchors: X509Certificate[]) {}

  private static cache = new Map<string, TrustStore>();

  static load(dir: string): TrustStore {
    const cached = TrustStore.cache.get(dir);
    if (cached) return cached;
    const anchors: X509Certificate[] = [];
    for (const name of fs.readdirSync(dir).sort()) {
      if (!/\.(pem|crt|cer)$/i.test(name)) continue;
      anchors.push(...readCertificates(fs.readFileSync(path.join(dir, name))));
    }
    if (!anchors.length) throw new Error(`SIGNING_TRUST_DIR ${dir} holds no CA certificate (*.pem, *.crt, *.cer).`);
    const store = new TrustStore(dir, anchors);
    TrustStore.cache.set(dir, store);
    return store;
  }

  /**
   * Whether `leaf` chains to one of the trusted CAs through `intermediates`, every link valid at
   * `at`; the reason in words when it does not.
   */
  verify(leaf: X509Certificate, intermediates: readonly X509Certificate[], at: Date): { ok: true; anchor: string } | { ok: false; problem: string } {
    const valid = (c: X509Certificate) => new Date(c.validFrom) <= at && at <= new Date(c.validTo);
    let current = leaf;
    const seen = new Set<string>();
    for (let depth = 0; depth < 8; depth++) {
      if (!valid(current)) return { ok: false, problem: `${oneLine(current.subject)} is not valid on ${at.toISOString().slice(0, 10)}.` };
      if (this.anchors.some((a) => a.fingerprint256 === current.fingerprint256)) return { ok: true, anchor: oneLine(current.subject) };
      const anchor = this.anchors.find((a) => current.checkIssued(a) && current.verify(a.publicKey));
      if (anchor) {
        if (!valid(anchor)) return { ok: false, problem: `The trusted CA ${oneLine(anchor.subject)} is not valid on ${at.toISOString().slice(0, 10)}.` };
        return { ok: true, anchor: oneLine(anchor.subject) };
      }
      seen.add(current.fingerprint256);
      const next = intermediates.find((c) => !seen.has(c.fingerprint256) && c.ca && current.checkIssued(c) && current.verify(c.publicKey));
      if (!next) return { ok: false, problem: `${oneLine(current.subject)} is issued by ${oneLine(current.issuer)}, which is not a trusted CA (SIGNING_TRUST_DIR) and not in the chain sent.` };
      current = next;
    }
    return { ok: false, problem: 'The certificate chain is too long.' };
  }
}
