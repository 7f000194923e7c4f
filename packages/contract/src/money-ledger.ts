/** Request and response schemas of money: ledger. */
export {};
