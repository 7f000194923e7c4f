// Grievances: their categories, promised times and life (filled in by their first change).
export {};
