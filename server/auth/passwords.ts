import argon2 from 'argon2';
import { PASSWORD_HASH_OPTIONS } from './password-cost.ts';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}
