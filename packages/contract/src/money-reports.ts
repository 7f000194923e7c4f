/** Request and response schemas of money: reports. */
export {};
