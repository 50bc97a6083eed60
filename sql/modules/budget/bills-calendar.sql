-- bills_in_range
SELECT r.id, r.type, r.description, r.frequency, r.interval, r.start_date::text AS start_date, r.end_date::text AS end_date,
          c.name AS category_name, c.color AS category_color
     FROM recurring_transactions r LEFT JOIN categories c ON c.id = r.category_id
    WHERE r.group_id = $1 AND r.is_enabled AND r.start_date <= $3::date AND (r.end_date IS NULL OR r.end_date >= $2::date)
    ORDER BY r.id;
