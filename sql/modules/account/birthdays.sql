-- birthdays_of_group
SELECT u.id, u.nickname, u.birthday FROM users u WHERE u.group_id = $1 AND u.status = 'Active' AND u.birthday IS NOT NULL ORDER BY u.nickname, u.id;
