import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

export interface TArgonCost {
  memoryCost: number;
  timeCost: number;
}

/** argon2id hashing (never the `argon2` package: its prebuilt binary segfaults on this Node). */
export class PasswordHasher {
  constructor(private readonly cost: TArgonCost) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID as never, ...this.cost, parallelism: 1 });
  }

  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
