// Opaque secrets: refresh tokens and e-mail link tokens (only the latter's hash is stored).
import { createHash, randomBytes } from 'node:crypto';

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
