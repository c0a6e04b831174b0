import type { EmailTokenPurpose, StoredEmailToken } from '../accounts/email-tokens.js';
import { newAccountKey, type AccountKey, type AccountStore, type NewAccountKey } from '../accounts/store.js';
import type { KeyAdmin } from './admin.js';

/** What an account store does with verified addresses and the tokens of mailed links. */
export type EmailTokenStore = Pick<
  AccountStore,
  'isEmailVerified' | 'markEmailVerified' | 'createEmailToken' | 'emailTokenAccount' | 'verifyEmail' | 'resetPassword'
>;

/**
 * The methods of an account store that other stores of its backend answer: keys are
 * created by its key admin (`keys`), verified addresses and the tokens of mailed links
 * are kept by its email-token store (`mail`).
 */
export abstract class DelegatingAccountStore implements EmailTokenStore, Pick<AccountStore, 'createKey'> {
  constructor(
    private readonly keys: KeyAdmin,
    private readonly mail: EmailTokenStore,
  ) {}

  async createKey(accountId: string, { name, defaults }: NewAccountKey): Promise<{ key: string; record: AccountKey }> {
    const { key, record } = await this.keys.create({ name, ...defaults, accountId });
    return { key, record: newAccountKey(record, key) };
  }

  isEmailVerified(accountId: string): Promise<boolean> {
    return this.mail.isEmailVerified(accountId);
  }

  markEmailVerified(accountId: string): Promise<void> {
    return this.mail.markEmailVerified(accountId);
  }

  createEmailToken(token: StoredEmailToken): Promise<void> {
    return this.mail.createEmailToken(token);
  }

  emailTokenAccount(hash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
    return this.mail.emailTokenAccount(hash, purpose, now);
  }

  verifyEmail(hash: string, now: Date): Promise<string | null> {
    return this.mail.verifyEmail(hash, now);
  }

  resetPassword(hash: string, passwordHash: string, now: Date): Promise<string | null> {
    return this.mail.resetPassword(hash, passwordHash, now);
  }
}
