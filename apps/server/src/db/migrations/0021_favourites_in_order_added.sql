-- "Most recent first" needs an order for favourites added within one tick of the clock: PGlite's now() has the
-- resolution of JavaScript's clock (a millisecond), and two adds can share it. The sequence is the order they were
-- added in; existing rows get theirs in storage order.
ALTER TABLE favourites ADD COLUMN seq bigserial;
