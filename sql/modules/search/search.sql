-- search_words
SELECT search_fold(w) AS folded,
       (plainto_tsquery('public.hearth_german', w) || plainto_tsquery('public.hearth_english', w))::text AS query,
       (numnode(plainto_tsquery('public.hearth_german', w)) = 0 OR numnode(plainto_tsquery('public.hearth_english', w)) = 0) AS stop
  FROM unnest($1::text[]) WITH ORDINALITY AS u(w, n)
 ORDER BY n;
