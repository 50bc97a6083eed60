-- session_check
SELECT (s.revoked_date IS NULL AND s.expires_date > now()) AS live, u.status, u.perms_version
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = $1 AND s.user_id = $2;

-- sessions_active_of_user
SELECT id, device_name, user_agent, ip_address, created_date, last_used_date, expires_date
     FROM sessions
    WHERE user_id = $1 AND revoked_date IS NULL AND expires_date > now()
    ORDER BY last_used_date DESC, id DESC;
