// A certificate authority made at test time, and certificates it signs (any hosts, any validity).
import { createHash, webcrypto } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata'; // @peculiar/x509's dependency injection needs it loaded first
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestCa {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
  certPem: string;
  /** base64 SHA-256 of the SubjectPublicKeyInfo: Chromium's --ignore-certificate-errors-spki-list form. */
  spkiSha256: string;
}

export interface IssuedCertificate {
  /** The leaf alone. */
  certPem: string;
  /** The leaf followed by the CA: what TLS_CERT_FILE holds ("chain included"). */
  chainPem: string;
  keyPem: string;
  spkiSha256: string;
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END ${label}-----\n`;

const spkiHash = (cert: x509.X509Certificate) => createHash('sha256').update(Buffer.from(cert.publicKey.rawData)).digest('base64');

const serial = () =>
  Buffer.from(webcrypto.getRandomValues(new Uint8Array(12)))
    .toString('hex')
    .replace(/^[89a-f]/, '1');

export async function createTestCa(name = 'PurrFect Show Test CA'): Promise<TestCa> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 3650 * DAY_MS),
    signingAlgorithm: ALG,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, keys, certPem: cert.toString('pem') + '\n', spkiSha256: spkiHash(cert) };
}

export interface IssueOptions {
  /** DNS names (and IP addresses) the certificate is for; the first is the common name. */
  hosts: string[];
  notBefore?: Date;
  notAfter?: Date;
}

export async function issueCertificate(ca: TestCa, opts: IssueOptions): Promise<IssuedCertificate> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const isIp = (h: string) => /^[\d.]+$|:/.test(h);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${opts.hosts[0] ?? 'localhost'}`,
    issuer: ca.cert.subject,
    notBefore: opts.notBefore ?? new Date(Date.now() - DAY_MS),
    notAfter: opts.notAfter ?? new Date(Date.now() + 90 * DAY_MS),
    signingAlgorithm: ALG,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(opts.hosts.map((h) => ({ type: isIp(h) ? ('ip' as const) : ('dns' as const), value: h }))),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  const certPem = cert.toString('pem') + '\n';
  const keyPem = pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { certPem, chainPem: certPem + ca.certPem, keyPem, spkiSha256: spkiHash(cert) };
}

/** Writes TLS_CERT_FILE (leaf + chain unless `chain: false`) and TLS_KEY_FILE into `dir`. */
export function writeCertificateFiles(dir: string, issued: IssuedCertificate, opts: { chain?: boolean; prefix?: string } = {}): { certFile: string; keyFile: string } {
  mkdirSync(dir, { recursive: true });
  const prefix = opts.prefix ?? 'venue';
  const certFile = join(dir, `${prefix}-cert.pem`);
  const keyFile = join(dir, `${prefix}-key.pem`);
  writeFileSync(certFile, opts.chain === false ? issued.certPem : issued.chainPem);
  writeFileSync(keyFile, issued.keyPem, { mode: 0o600 });
  return { certFile, keyFile };
}
