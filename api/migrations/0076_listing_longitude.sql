-- A listing's longitude, beside its latitude: the distance filter measures from a place the customer
-- chooses to each listing, which needs both. Null: not known (an exit not located yet); such a listing is
-- left out when a distance applies. Listings already located by the checker's lookups take the longitude
-- it stored for their exit; demo listings get theirs when the catalogue is seeded again.
ALTER TABLE proxy_listings ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
UPDATE proxy_listings li SET longitude = e.geo_longitude
  FROM exits e
  WHERE li.exit_id = e.id AND e.geo_longitude IS NOT NULL AND li.location_ip IS NOT NULL AND li.location_ip = e.geo_ip;
