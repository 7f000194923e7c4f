// The sandbox single window (TEST MODE): filled in by its first change.
export {};
