extension StoreSchema {
    /// Reader mode: an article's whole text, taken from its web page, kept in its row.
    ///
    /// - `article` gains `pageText` (the text, links numbered `[n]`), `pageLinks` (their JSON
    ///   array, NULL when none), `pageByline`, `pagePublishedAt` and `pageImageURL` (what the page
    ///   says of itself) and `pageFetchedAt`. All NULL until the page was read. They are the last
    ///   columns of the row, so reading the others never walks the text's overflow pages, and they
    ///   go with the article: retention, `cache clear` and a feed's removal need nothing more.
    /// - `articleSearch` is made again with a fifth column, `pageText`, and rebuilt from the
    ///   articles (once; about a second per 30,000 articles): a search finds words of the whole
    ///   article, and a query's words may be spread over the title and the page. The triggers
    ///   follow it.
    static let v4 = """
        ALTER TABLE article ADD COLUMN pageText TEXT;
        ALTER TABLE article ADD COLUMN pageLinks TEXT;
        ALTER TABLE article ADD COLUMN pageByline TEXT;
        ALTER TABLE article ADD COLUMN pagePublishedAt REAL;
        ALTER TABLE article ADD COLUMN pageImageURL TEXT;
        ALTER TABLE article ADD COLUMN pageFetchedAt REAL;

        DROP TRIGGER article_afterDelete;
        DROP TRIGGER article_afterUpdate;
        DROP TABLE articleSearch;
        CREATE VIRTUAL TABLE articleSearch USING fts5(
            title, summary, content, sourceName, pageText,
            content = 'article', content_rowid = 'id',
            tokenize = '\(tokenizer)'
        );
        CREATE TRIGGER article_afterDelete AFTER DELETE ON article BEGIN
            INSERT INTO articleSearch(articleSearch, rowid, title, summary, content, sourceName, pageText)
            VALUES ('delete', old.id, old.title, old.summary, old.content, old.sourceName, old.pageText);
        END;
        CREATE TRIGGER article_afterUpdate AFTER UPDATE OF title, summary, content, sourceName, pageText ON article
        WHEN old.title IS NOT new.title OR old.summary IS NOT new.summary
            OR old.content IS NOT new.content OR old.sourceName IS NOT new.sourceName
            OR old.pageText IS NOT new.pageText
        BEGIN
            INSERT INTO articleSearch(articleSearch, rowid, title, summary, content, sourceName, pageText)
            VALUES ('delete', old.id, old.title, old.summary, old.content, old.sourceName, old.pageText);
            INSERT INTO articleSearch(rowid, title, summary, content, sourceName, pageText)
            VALUES (new.id, new.title, new.summary, new.content, new.sourceName, new.pageText);
        END;
        INSERT INTO articleSearch(articleSearch) VALUES ('rebuild');
        INSERT INTO articleSearch(articleSearch, rank) VALUES ('automerge', 16);
        """
}
