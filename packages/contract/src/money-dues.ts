/** Request and response schemas of money: dues. */
export {};
