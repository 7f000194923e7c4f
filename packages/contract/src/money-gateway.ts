/** Request and response schemas of money: gateway. */
export {};
