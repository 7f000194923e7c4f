/** The corporation's bank account a NEFT/RTGS challan is paid into, printed on the challan and answered with it:
 * ORG_BANK_BENEFICIARY, ORG_BANK_ACCOUNT, ORG_BANK_IFSC, ORG_BANK_NAME and ORG_BANK_BRANCH (README: "Challans"),
 * demo values without them. Read once, from the environment. */
import type { CollectionAccount } from '@portal/contract';

/** Demo values: a deployment sets its own (the account number is not a real one). */
export const DEMO_COLLECTION_ACCOUNT: CollectionAccount = {
  beneficiary_name: 'Industrial Infrastructure Corporation Collections',
  account_number: '00000041234567890',
  ifsc: 'SBIN0020000',
  bank_name: 'State Bank of India',
  branch: 'Corporate Accounts Group, Hyderabad',
};

export function collectionAccountFrom(env: NodeJS.ProcessEnv): CollectionAccount {
  const read = (name: string, fallback: string) => env[name]?.trim() || fallback;
  return {
    beneficiary_name: read('ORG_BANK_BENEFICIARY', DEMO_COLLECTION_ACCOUNT.beneficiary_name),
    account_number: read('ORG_BANK_ACCOUNT', DEMO_COLLECTION_ACCOUNT.account_number),
    ifsc: read('ORG_BANK_IFSC', DEMO_COLLECTION_ACCOUNT.ifsc).toUpperCase(),
    bank_name: read('ORG_BANK_NAME', DEMO_COLLECTION_ACCOUNT.bank_name),
    branch: read('ORG_BANK_BRANCH', DEMO_COLLECTION_ACCOUNT.branch),
  };
}

export const COLLECTION_ACCOUNT: CollectionAccount = collectionAccountFrom(process.env);
