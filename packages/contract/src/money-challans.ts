/** Request and response schemas of money: challans. */
export {};
