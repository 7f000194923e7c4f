/** Request and response schemas of money: refunds. */
export {};
