// The state's single window: the Common Application Form taken in, handoffs and the status codes pushed back (filled in by its first change).
export {};
