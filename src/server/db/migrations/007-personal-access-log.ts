/**
 * The access record of personal data (개인정보의 안전성 확보조치 기준 §8, decision 146): one row per
 * handling of people's personal fields, appended and never changed. Each row carries the SHA-256 of
 * the row before it and of itself (`hash`), so an edited or a deleted row breaks the chain that
 * `npm run check-access-log` walks. Pruning (after two years) moves the hash of the last pruned row
 * into `personal_access_anchor`, where the check starts. `user_id` has no foreign key: deleting an
 * account must not touch the rows that name it. The triggers refuse an edit and a deletion within
 * the two years through SQL; the chain catches whoever goes around them.
 */
export const name = '007-personal-access-log';

export const sql = /* sql */ `
CREATE TABLE personal_access_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  user_id INTEGER,
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('read','create','update','delete','download')),
  subjects TEXT NOT NULL,
  reason TEXT,
  method TEXT NOT NULL,
  route TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
);
CREATE INDEX personal_access_log_at ON personal_access_log(at);
CREATE INDEX personal_access_log_account ON personal_access_log(account, at);

CREATE TRIGGER personal_access_log_no_update BEFORE UPDATE ON personal_access_log
BEGIN
  SELECT RAISE(ABORT, '개인정보 접속기록은 고칠 수 없습니다.');
END;
CREATE TRIGGER personal_access_log_kept BEFORE DELETE ON personal_access_log
WHEN old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years')
BEGIN
  SELECT RAISE(ABORT, '2년이 지나지 않은 개인정보 접속기록은 지울 수 없습니다.');
END;

CREATE TABLE personal_access_anchor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  last_id INTEGER NOT NULL,
  hash TEXT NOT NULL,
  pruned_at TEXT NOT NULL
);

CREATE TABLE personal_access_reviews (
  month TEXT PRIMARY KEY CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  user_id INTEGER,
  account TEXT NOT NULL,
  reviewed_at TEXT NOT NULL,
  note TEXT
);
`;
