package io.lancejdbc.exec.lance.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.InvertedIndexParams;
import org.lance.index.scalar.ScalarIndexParams;

/**
 * The demo {@code articles} table: short English texts whose {@code body} carries an INVERTED (full-text) index,
 * for {@code full_text_search}. 24 rows in 2 fragments of 12; version 1 the data, version 2 the index.
 */
final class DemoArticles {
    static final String NAME = "articles";
    static final String INDEX_NAME = "body_idx";
    static final int ROWS_PER_FRAGMENT = 12;

    /** One article: title and body; the id is its position + 1. */
    private record Article(String title, String body) {
    }

    private static final List<Article> ARTICLES = List.of(
            new Article("Keeping the light", "The old lighthouse on the northern cape still guides fishing boats"
                    + " through the winter storms."),
            new Article("Tomatoes in July", "Water tomatoes early in the morning and pinch the side shoots to get"
                    + " larger fruit."),
            new Article("A comet returns", "Astronomers expect the comet to be visible to the naked eye just"
                    + " after sunset in March."),
            new Article("Sourdough basics", "A healthy starter, a long cold proof and a very hot oven make a crisp"
                    + " sourdough loaf."),
            new Article("Harbor traffic", "Container ships queue outside the harbor while the pilots wait for the"
                    + " fog to lift."),
            new Article("Pruning roses", "Prune roses in late winter, cutting just above an outward facing bud."),
            new Article("Moons of Jupiter", "Through a small telescope the four largest moons of Jupiter look like"
                    + " a row of stars."),
            new Article("Soup for cold nights", "Slow cooked onion soup needs patience, butter and a splash of"
                    + " white wine."),
            new Article("Automatic lights", "Most lighthouse keepers left when the lamps became automatic, but the"
                    + " towers remain."),
            new Article("Compost heaps", "Turn the compost every two weeks so the heap stays warm and breaks down"
                    + " quickly."),
            new Article("Meteor shower tonight", "The meteor shower peaks tonight; find a dark field away from city"
                    + " lights."),
            new Article("Fresh pasta", "Fresh pasta needs only flour, eggs and a rolling pin, and cooks in two"
                    + " minutes."),
            new Article("Storm season", "Fishing boats stayed in the harbor as the storm brought high waves to"
                    + " the coast."),
            new Article("Seeds and soil", "Sow the seeds in fine soil and keep the trays warm until the first"
                    + " leaves appear."),
            new Article("Eclipse viewing", "Never look at the sun during a partial eclipse without proper filters."),
            new Article("Baking bread at home", "Bread dough rises faster in a warm kitchen; bake it until the crust"
                    + " sounds hollow."),
            new Article("Coastal walks", "The coastal path passes a ruined lighthouse above the cliffs."),
            new Article("Watering in summer", "In a dry summer water the garden deeply twice a week rather than a"
                    + " little every day."),
            new Article("Planets at dawn", "Venus and Mars rise together before dawn this week, low in the eastern"
                    + " sky."),
            new Article("Spices and curry", "Toast the spices in oil before adding the onions for a deeper curry."),
            new Article("Sailing lessons", "Beginners learn to sail in the sheltered bay, far from the open sea."),
            new Article("Winter vegetables", "Leeks, kale and parsnips survive the frost and can be harvested all"
                    + " winter."),
            new Article("Telescope care", "Keep the telescope mirror covered and let it cool outside before"
                    + " observing."),
            new Article("Quick breakfast", "Oats soaked overnight with milk and fruit make a quick breakfast."));

    static final int ROWS = ARTICLES.size();

    private DemoArticles() {
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("title", ArrowType.Utf8.INSTANCE),
                Field.nullable("body", ArrowType.Utf8.INSTANCE)));
    }

    /**
     * Version 1: ids 1..24 (2 fragments); version 2: the INVERTED index {@code body_idx} on {@code body} (simple
     * tokenizer, lower-cased, no stemming, no stop words removed, no positions), covering every fragment.
     */
    static void write(BufferAllocator allocator, Path dir) {
        DemoTableWriter writer = new DemoTableWriter(allocator, dir, schema(), null);
        writer.create(0, ROWS, ROWS_PER_FRAGMENT, DemoArticles::fill);
        try (Dataset ds = writer.open()) {
            // lance-core 7.0.0 requires the base tokenizer to be named explicitly.
            ScalarIndexParams params = InvertedIndexParams.builder().baseTokenizer("simple").language("English")
                    .withPosition(false).lowerCase(true).stem(false).removeStopWords(false).asciiFolding(false)
                    .build();
            ds.createIndex(IndexOptions.builder(List.of("body"), IndexType.INVERTED,
                    IndexParams.builder().setScalarIndexParams(params).build()).withIndexName(INDEX_NAME).build());
        }
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector title = (VarCharVector) root.getVector("title");
        VarCharVector body = (VarCharVector) root.getVector("body");
        for (int i = 0; i < rowCount; i++) {
            int r = (int) firstRow + i;
            Article a = ARTICLES.get(r);
            id.setSafe(i, r + 1);
            title.setSafe(i, a.title().getBytes(StandardCharsets.UTF_8));
            body.setSafe(i, a.body().getBytes(StandardCharsets.UTF_8));
        }
    }
}
