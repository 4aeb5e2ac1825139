//! The database's schema: the migrations in `migrations/`, the same SQL for SQLite and
//! PostgreSQL, applied in order by sqlx's migrator.

/// The schema's migrations, from `migrations/`: the same SQL for both databases, each as
/// (version, description, SQL). Built here rather than by sqlx's `migrate!` macro, whose
/// proc-macro compiles both database drivers a second time for the host. The description is
/// the file name's (what `migrate!` derives from it), since sqlx checks every migration an
/// existing database has applied by version and checksum.
pub(crate) const MIGRATIONS: [(i64, &str, &str); 3] = [
    (
        1,
        "leaderboards",
        include_str!("../migrations/0001_leaderboards.sql"),
    ),
    (
        2,
        "daily ranks",
        include_str!("../migrations/0002_daily_ranks.sql"),
    ),
    (
        3,
        "daily ranks one table",
        include_str!("../migrations/0003_daily_ranks_one_table.sql"),
    ),
];

/// The migrator for [`MIGRATIONS`], as `migrate!("./migrations")` builds it.
pub(crate) fn migrator() -> sqlx::migrate::Migrator {
    use sqlx::migrate::{Migration, MigrationType, Migrator};
    let migrations = MIGRATIONS
        .iter()
        .map(|&(version, description, sql)| {
            let no_tx = sql.starts_with("-- no-transaction");
            Migration::new(
                version,
                description.into(),
                MigrationType::Simple,
                sql.into(),
                no_tx,
            )
        })
        .collect::<Vec<_>>();
    Migrator {
        migrations: migrations.into(),
        ..Migrator::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file in `migrations/` is listed, with the version and description sqlx's
    /// `migrate!` took from its name (`0002_daily_ranks.sql`: 2, "daily ranks") and its SQL:
    /// a database made by an earlier build keeps matching them.
    #[test]
    fn the_migrations_list_every_file_as_its_name_says() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let mut files = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect::<Vec<_>>();
        files.sort();
        let found = files
            .iter()
            .map(|path| {
                let name = path.file_name().unwrap().to_str().unwrap();
                let (version, rest) = name.split_once('_').unwrap();
                let description = rest.strip_suffix(".sql").unwrap().replace('_', " ");
                let sql = std::fs::read_to_string(path).unwrap();
                (version.parse::<i64>().unwrap(), description, sql)
            })
            .collect::<Vec<_>>();
        let listed = MIGRATIONS
            .iter()
            .map(|&(v, d, sql)| (v, d.to_owned(), sql.to_owned()))
            .collect::<Vec<_>>();
        assert_eq!(listed, found);
        let migrator = migrator();
        assert_eq!(migrator.iter().count(), found.len());
        assert!(migrator.locking && !migrator.ignore_missing && !migrator.no_tx);
    }
}
