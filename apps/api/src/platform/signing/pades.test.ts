import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { letterInput } from '@sunstamp/planset/fixtures/letter.fixtures';
import { renderLetter } from '@sunstamp/planset/letters/letter.render';
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derOfContents, readP12, signPdfWithP12, SigningError, verifyOutsideSignature, verifyPdfSignature } from './pades.ts';
import { makeTestCa, makeTestP12, signLikeOutsideTool } from './test-p12.ts';

const hasPdfsig = spawnSync('pdfsig', ['-v']).status === 0;
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

/** The CMS SignedData in a signed PDF's last /Contents. */
async function cmsOf(pdf: Uint8Array): Promise<pkijs.SignedData> {
  const v = await verifyPdfSignature(pdf);
  const [, b, c] = v.byteRange!;
  const der = derOfContents(Buffer.from(pdf.subarray(b, c)).toString('latin1').trim().slice(1, -1));
  return new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(der.slice().buffer).result }).content });
}
const meta = { reason: 'Sealed by Dana Whitfield, P.E.', name: 'Dana Whitfield', location: 'Austin, TX', contactInfo: 'dana@sunstamp.test', signingTime: new Date() };

function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfsig-'));
  const file = path.join(dir, 'signed.pdf');
  writeFileSync(file, bytes);
  // pdfsig exits 0 even on a digest mismatch: the verdict is in its output.
  return execFileSync('pdfsig', ['-nocert', file], { encoding: 'utf8' });
}

describe('PAdES signatures on a sealed letter', () => {
  let letter: Uint8Array;
  let signed: Uint8Array;
  const cert = makeTestP12({ commonName: 'Dana Whitfield' });

  beforeAll(async () => {
    letter = (await renderLetter(letterInput('structural_roof_letter'))).pdf;
    signed = await signPdfWithP12(letter, cert.p12, cert.passphrase, meta);
  });

  it('signs with the P12 and verifies in process (pkijs): valid, whole file, the certificate\'s name', async () => {
    const v = await verifyPdfSignature(signed);
    expect(v).toMatchObject({ valid: true, coversWholeFile: true, problem: null, signer: { commonName: 'Dana Whitfield', email: 'engineer@sunstamp.test' } });
    expect((await PDFDocument.load(signed)).getPageCount()).toBe((await PDFDocument.load(letter)).getPageCount());
  });

  it('a one-byte change fails verification', async () => {
    const v0 = await verifyPdfSignature(signed);
    const tampered = signed.slice();
    // A byte inside the first signed range, in the page content of the letter.
    const at = Math.floor(v0.byteRange![1] / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const v = await verifyPdfSignature(tampered);
    expect(v.valid).toBe(false);
    expect(v.problem).toMatch(/changed after it was signed|does not verify/);
  });

  it('a signature whose DER ends in a zero byte keeps it: the padding ends where the DER\'s length says', () => {
    // One signature in 256 ends in 0x00; trimming zero pairs from the hex cut it and broke it.
    const seq = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 5 }), new asn1js.OctetString({ valueHex: new Uint8Array([1, 2, 0]).buffer })] });
    const der = new Uint8Array(seq.toBER());
    expect(der.at(-1)).toBe(0);
    const hex = Buffer.from(der).toString('hex') + '00'.repeat(40);
    expect(Buffer.from(derOfContents(hex)).equals(Buffer.from(der))).toBe(true);
    expect(Buffer.from(derOfContents(hex.toUpperCase())).equals(Buffer.from(der))).toBe(true);
  });

  it('an unsigned file has no signature', async () => {
    expect(await verifyPdfSignature(letter)).toMatchObject({ valid: false, problem: 'The file has no digital signature.' });
  });

  it.skipIf(!hasPdfsig)('pdfsig (poppler) agrees: valid, total document signed; the changed byte is a digest mismatch', async () => {
    const ok = pdfsig(signed);
    expect(ok).toContain('Signature Type: ETSI.CAdES.detached');
    expect(ok).toContain('Total document signed');
    expect(ok).toContain('Signature Validation: Signature is Valid.');
    const v0 = await verifyPdfSignature(signed);
    const tampered = signed.slice();
    const at = Math.floor(v0.byteRange![1] / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const bad = pdfsig(tampered);
    expect(bad).not.toContain('Signature is Valid.');
    expect(bad).toContain('Digest Mismatch');
  });

  it('the passphrase must open the P12; an expired certificate is refused', async () => {
    expect(() => readP12(cert.p12, 'wrong')).toThrow(SigningError);
    expect(() => readP12(new Uint8Array([1, 2, 3]), 'x')).toThrow('not a PKCS#12 (.p12/.pfx) file or the passphrase is wrong');
    const old = makeTestP12({ notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
    await expect(signPdfWithP12(letter, old.p12, old.passphrase, meta)).rejects.toThrow(/is not valid now \(valid 2020-01-01 to 2021-01-01\)/);
  });

  it('an outside signature (incremental update) must begin with the exact bytes generated', async () => {
    const outside = await signLikeOutsideTool(letter, cert.p12, cert.passphrase);
    expect(await verifyOutsideSignature(letter, outside)).toMatchObject({ valid: true, coversWholeFile: true, startsWithGenerated: true });
    // A file signed after any change to the generated bytes is valid as a signature but not ours.
    const changed = letter.slice();
    changed[200] = changed[200]! ^ 0x01;
    const other = await signLikeOutsideTool(changed, cert.p12, cert.passphrase);
    expect(await verifyOutsideSignature(letter, other)).toMatchObject({ valid: true, startsWithGenerated: false });
    // signPdfWithP12 re-saves with pdf-lib: valid, but it does not begin with the letter's bytes.
    expect((await verifyOutsideSignature(letter, signed)).startsWithGenerated).toBe(false);
  });

  it('the CMS is PAdES B-B: detached, SHA-256, content-type, message-digest, signing-time and ESS signing-certificate-v2 of the signer, and the P12\'s chain', async () => {
    const ca = makeTestCa();
    const issued = makeTestP12({ commonName: 'Dana Whitfield', ca });
    const out = await signPdfWithP12(letter, issued.p12, issued.passphrase, meta);
    const v = await verifyPdfSignature(out);
    expect(v).toMatchObject({ valid: true, coversWholeFile: true, signer: { commonName: 'Dana Whitfield' } });
    const sd = await cmsOf(out);
    expect(sd.encapContentInfo.eContent).toBeUndefined();
    expect(sd.certificates).toHaveLength(2);
    const si = sd.signerInfos[0]!;
    expect(si.digestAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(si.signatureAlgorithm.algorithmId).toBe('1.2.840.113549.1.1.11');
    const attrs = new Map(si.signedAttrs!.attributes.map((a) => [a.type, a.values[0]]));
    expect([...attrs.keys()].sort()).toEqual(['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4', '1.2.840.113549.1.9.5']);
    expect((attrs.get('1.2.840.113549.1.9.5') as asn1js.UTCTime).toDate().getTime()).toBe(Math.floor(meta.signingTime.getTime() / 1000) * 1000);
    // signingCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { certHash } }: the SHA-256 of the signer's certificate.
    const ess = attrs.get('1.2.840.113549.1.9.16.2.47') as asn1js.Sequence;
    const certHash = ((ess.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.OctetString;
    expect(Buffer.from(certHash.valueBlock.valueHexView).toString('hex')).toBe(createHash('sha256').update(v.certificates.signer!).digest('hex'));
    if (hasPdfsig) expect(pdfsig(out)).toContain('Signature Validation: Signature is Valid.');
  });

  it.runIf(hasOpenssl)('opens the P12 files OpenSSL writes: the legacy kind (RC2-40 certificates, 3DES key, SHA-1 MAC) and OpenSSL 3\'s (AES-256, PBKDF2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'p12-'));
    const at = (f: string) => path.join(dir, f);
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('k.pem'), '-out', at('c.pem'), '-subj', '/CN=Outside Engineer/emailAddress=outside@sunstamp.test', '-days', '2'], { stdio: 'ignore' });
    const kinds: [string, string[]][] = [['modern.p12', []], ['legacy.p12', ['-legacy']]];
    for (const [file, flags] of kinds) {
      const made = spawnSync('openssl', ['pkcs12', '-export', ...flags, '-in', at('c.pem'), '-inkey', at('k.pem'), '-out', at(file), '-passout', 'pass:p\u00e4ss word']);
      if (made.status !== 0 && flags.length) continue; // an OpenSSL without its legacy provider cannot write the legacy kind
      expect(made.status).toBe(0);
      const p12 = new Uint8Array(readFileSync(at(file)));
      expect(readP12(p12, 'p\u00e4ss word')).toMatchObject({ commonName: 'Outside Engineer', email: 'outside@sunstamp.test' });
      expect(() => readP12(p12, 'pass word')).toThrow(SigningError);
      // OpenSSL's certificate starts now (to the second): the signing time is taken after it.
      const out = await signPdfWithP12(letter, p12, 'p\u00e4ss word', { ...meta, signingTime: new Date(Date.now() + 2000) });
      expect(await verifyPdfSignature(out)).toMatchObject({ valid: true, signer: { commonName: 'Outside Engineer' } });
    }
  });
});
