package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/** Following page_token: every entry once, in order, and no endless loops. */
class RestNamespaceClientPagingTest extends MockServerFixture {

    /** Serves {@code names} in pages of the requested limit, the token being the index of the next entry. */
    private static final class PagingDispatcher extends Dispatcher {
        private final List<String> names;
        private final String field;

        PagingDispatcher(List<String> names, String field) {
            this.names = names;
            this.field = field;
        }

        @Override
        public MockResponse dispatch(RecordedRequest request) {
            int limit = Integer.parseInt(request.getUrl().queryParameter("limit"));
            String token = request.getUrl().queryParameter("page_token");
            int from = token == null ? 0 : Integer.parseInt(token.substring("after-".length()));
            int to = Math.min(names.size(), from + limit);
            String list = names.subList(from, to).stream().map(n -> "\"" + n + "\"").collect(Collectors.joining(","));
            String next = to < names.size() ? ",\"page_token\":\"after-" + to + "\"" : ",\"page_token\":null";
            return new MockResponse.Builder().code(200).body("{\"" + field + "\":[" + list + "]" + next + "}").build();
        }
    }

    @Test
    void fifteenTablesAtPageSizeFiveTakeThreeRequests() throws Exception {
        List<String> tables = IntStream.rangeClosed(1, 15).mapToObj(i -> String.format("t%02d", i)).toList();
        server.setDispatcher(new PagingDispatcher(tables, "tables"));
        assertEquals(tables, client(config().pageSize(5)).listTables(List.of("sales")));
        assertEquals(3, server.getRequestCount());
        assertEquals("/v1/namespace/sales/table/list?delimiter=%24&limit=5", take().getTarget());
        assertEquals("/v1/namespace/sales/table/list?delimiter=%24&page_token=after-5&limit=5", take().getTarget());
        assertEquals("/v1/namespace/sales/table/list?delimiter=%24&page_token=after-10&limit=5", take().getTarget());
    }

    @Test
    void pageSizeEqualToTotalStopsWhenTheTokenIsAbsent() {
        List<String> namespaces = List.of("a", "b", "c");
        server.setDispatcher(new PagingDispatcher(namespaces, "namespaces"));
        assertEquals(namespaces, client(config().pageSize(3)).listNamespaces(List.of()));
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void pageSizeOneListsEveryEntryOnce() {
        List<String> namespaces = List.of("a", "b", "c", "d");
        server.setDispatcher(new PagingDispatcher(namespaces, "namespaces"));
        assertEquals(namespaces, client(config().pageSize(1)).listNamespaces(List.of()));
        assertEquals(4, server.getRequestCount());
    }

    @Test
    void emptyStringTokenEndsTheListing() {
        answer(200, "{\"tables\":[\"a\"],\"page_token\":\"\"}");
        assertEquals(List.of("a"), client().listTables(List.of()));
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void anEntryRepeatedAcrossABoundaryIsListedOnce() {
        answer(200, "{\"tables\":[\"a\",\"b\"],\"page_token\":\"p2\"}");
        answer(200, "{\"tables\":[\"b\",\"c\"]}");
        assertEquals(List.of("a", "b", "c"), client().listTables(List.of()));
    }

    @Test
    void emptyPageWithATokenIsFollowed() {
        answer(200, "{\"tables\":[],\"page_token\":\"p2\"}");
        answer(200, "{\"tables\":[\"a\"]}");
        assertEquals(List.of("a"), client().listTables(List.of()));
    }

    @Test
    void serverRepeatingTheSameTokenIsStopped() {
        server.setDispatcher(new Dispatcher() {
            private int served;

            @Override
            public MockResponse dispatch(RecordedRequest request) {
                served++;
                return new MockResponse.Builder().code(200)
                        .body("{\"tables\":[\"t" + served + "\"],\"page_token\":\"same\"}").build();
            }
        });
        MalformedResponseException e = assertThrows(MalformedResponseException.class,
                () -> client().listTables(List.of("ns")));
        assertEquals(2, server.getRequestCount());
        assertTrue(e.getMessage().endsWith("a page_token on page 2 that it had already handed out;"
                + " the listing would never end"), e.getMessage());
    }

    @Test
    void serverReplayingTheSamePageWithNewTokensIsStopped() {
        server.setDispatcher(new Dispatcher() {
            private int served;

            @Override
            public MockResponse dispatch(RecordedRequest request) {
                served++;
                return new MockResponse.Builder().code(200)
                        .body("{\"namespaces\":[\"a\",\"b\"],\"page_token\":\"tok" + served + "\"}").build();
            }
        });
        MalformedResponseException e = assertThrows(MalformedResponseException.class,
                () -> client().listNamespaces(List.of()));
        assertEquals(2, server.getRequestCount());
        assertTrue(e.getMessage().contains("page 2 repeating only entries of earlier pages"), e.getMessage());
    }

    @Test
    void aFailingLaterPageFailsTheWholeListing() {
        answer(200, "{\"tables\":[\"a\"],\"page_token\":\"p2\"}");
        answer(500, "{\"error\":\"boom\",\"code\":18}");
        assertThrows(InternalServerException.class, () -> client().listTables(List.of()));
        assertEquals(2, server.getRequestCount());
    }
}
