-- search_fixes
SELECT (SELECT string_agg(q, ' | ')
          FROM (SELECT (plainto_tsquery('public.hearth_german', d.word) || plainto_tsquery('public.hearth_english', d.word))::text AS q
                  FROM (SELECT DISTINCT s.word, strict_word_similarity(u.w, s.word) AS similarity
                          FROM search_words s
                         WHERE s.group_id = $1 AND s.word % u.w AND strict_word_similarity(u.w, s.word) >= u.least
                         ORDER BY similarity DESC, s.word
                         LIMIT $4) d) f
         WHERE q <> '') AS fixes
  FROM unnest($2::text[], $3::real[]) WITH ORDINALITY AS u(w, least, n)
 ORDER BY n;

-- search_words
SELECT search_fold(w) AS folded,
       (plainto_tsquery('public.hearth_german', w) || plainto_tsquery('public.hearth_english', w))::text AS query,
       (numnode(plainto_tsquery('public.hearth_german', w)) = 0 OR numnode(plainto_tsquery('public.hearth_english', w)) = 0) AS stop
  FROM unnest($1::text[]) WITH ORDINALITY AS u(w, n)
 ORDER BY n;
