/** A fix can reveal what the next one mends (PUT /events → PATCH /events/{id} brings in its date rule). */
export const MAX_FIX_PASSES = 5;
