-- +goose Up
-- The pieces held at an instant and disposed of after it (loss harvesting at a past date,
-- taxfigures.ListPiecesHeldAt) are the pieces acquired before the instant and disposed of at or after
-- it: an interval that contains the instant. A B-tree on either end alone reads every piece on one
-- side of the instant. Pieces are classed by how long they were held (tax_holding_class: classes
-- whose longest holding is three to seven times their shortest); a piece of a class can only contain
-- the instant if it was acquired within the class's longest holding before it, so each class reads
-- one range of this index, in which every piece acquired within the class's shortest holding before
-- the instant is held at it.
-- tax_holding_longest is each class's longest holding (none for the last): the two functions change
-- together, and the index with them. The bounds are in hours: an instant less a number of days is
-- local days (23 or 25 hours across a daylight-saving change), less a number of hours is exact.
-- +goose StatementBegin
CREATE FUNCTION tax_holding_class(acquired_at timestamptz, disposed_at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN disposed_at - acquired_at < interval '24 hours' THEN 0
    WHEN disposed_at - acquired_at < interval '168 hours' THEN 1
    WHEN disposed_at - acquired_at < interval '744 hours' THEN 2
    WHEN disposed_at - acquired_at < interval '2208 hours' THEN 3
    WHEN disposed_at - acquired_at < interval '8784 hours' THEN 4
    WHEN disposed_at - acquired_at < interval '26400 hours' THEN 5
    WHEN disposed_at - acquired_at < interval '79200 hours' THEN 6
    WHEN disposed_at - acquired_at < interval '240000 hours' THEN 7
    ELSE 8 END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION tax_holding_longest(class integer) RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE class
    WHEN 0 THEN interval '24 hours'
    WHEN 1 THEN interval '168 hours'
    WHEN 2 THEN interval '744 hours'
    WHEN 3 THEN interval '2208 hours'
    WHEN 4 THEN interval '8784 hours'
    WHEN 5 THEN interval '26400 hours'
    WHEN 6 THEN interval '79200 hours'
    WHEN 7 THEN interval '240000 hours' END;
-- +goose StatementEnd
CREATE INDEX tax_disposals_held_idx ON tax_disposals (result_set_id, tax_holding_class(acquired_at, disposed_at), acquired_at)
    WHERE acquired_at IS NOT NULL;

-- +goose Down
DROP INDEX tax_disposals_held_idx;
DROP FUNCTION tax_holding_class(timestamptz, timestamptz);
DROP FUNCTION tax_holding_longest(integer);
