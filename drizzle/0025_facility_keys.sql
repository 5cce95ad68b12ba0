-- Facilities become a fixed set stored by key (app/features/listings/facilities.ts). A facility
-- typed as free text that names one of the set (its key, its name or another common name, in any
-- case, spaces, hyphens and underscores alike) becomes its key; any other is kept as it was typed.
-- Keys come first in the set's order, then the others in their order; each once.
UPDATE "properties" AS p SET "facilities" = coalesce((
  SELECT array_agg(x.shown ORDER BY x.pos, x.first)
  FROM (
    SELECT
      coalesce(m.key, (array_agg(btrim(u.f) ORDER BY u.ord))[1]) AS shown,
      coalesce(m.pos, 1000) AS pos,
      min(u.ord) AS first
    FROM unnest(p."facilities") WITH ORDINALITY AS u(f, ord)
    LEFT JOIN (VALUES
      ('private pool', 'private-pool', 0),
      ('pool', 'pool', 1),
      ('sea view', 'sea-view', 2),
      ('garden', 'garden', 3),
      ('sala', 'sala', 4),
      ('bbq', 'bbq', 5),
      ('beach access', 'beach-access', 6),
      ('private jacuzzi', 'private-jacuzzi', 7),
      ('gym', 'gym', 8),
      ('sauna', 'sauna', 9),
      ('co working', 'co-working', 10),
      ('kids club', 'kids-club', 11),
      ('cinema room', 'cinema-room', 12),
      ('security', 'security', 13),
      ('parking', 'parking', 14),
      ('wifi', 'wifi', 15),
      ('air conditioning', 'air-conditioning', 16),
      ('washing machine', 'washing-machine', 17),
      ('housekeeping', 'housekeeping', 18),
      ('chef on request', 'chef-on-request', 19),
      ('private swimming pool', 'private-pool', 0),
      ('swimming pool', 'pool', 1),
      ('communal pool', 'pool', 1),
      ('shared pool', 'pool', 1),
      ('sea views', 'sea-view', 2),
      ('sala (pavilion)', 'sala', 4),
      ('barbecue', 'bbq', 5),
      ('beach front', 'beach-access', 6),
      ('beachfront', 'beach-access', 6),
      ('jacuzzi', 'private-jacuzzi', 7),
      ('fitness', 'gym', 8),
      ('fitness centre', 'gym', 8),
      ('fitness center', 'gym', 8),
      ('coworking', 'co-working', 10),
      ('kids'' club', 'kids-club', 11),
      ('kid''s club', 'kids-club', 11),
      ('cinema', 'cinema-room', 12),
      ('24h security', 'security', 13),
      ('car park', 'parking', 14),
      ('wi fi', 'wifi', 15),
      ('internet', 'wifi', 15),
      ('aircon', 'air-conditioning', 16),
      ('a/c', 'air-conditioning', 16),
      ('washer', 'washing-machine', 17),
      ('cleaning', 'housekeeping', 18),
      ('private chef', 'chef-on-request', 19)
    ) AS m(name, key, pos)
      ON m.name = regexp_replace(lower(btrim(u.f)), '[[:space:]_-]+', ' ', 'g')
    WHERE btrim(u.f) <> ''
    GROUP BY m.key, m.pos, CASE WHEN m.key IS NULL THEN lower(btrim(u.f)) END
  ) AS x
), '{}'::text[]);
