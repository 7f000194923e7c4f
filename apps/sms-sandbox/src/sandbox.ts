// The sandbox SMS provider (TEST MODE): filled in by its first change.
export {};
