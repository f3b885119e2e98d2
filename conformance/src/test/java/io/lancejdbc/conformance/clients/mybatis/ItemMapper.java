package io.lancejdbc.conformance.clients.mybatis;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Result;
import org.apache.ibatis.annotations.Results;
import org.apache.ibatis.annotations.Select;

/** MyBatis mappers over the demo warehouse: POJOs, maps, and vectors through {@link FloatArrayTypeHandler}. */
public interface ItemMapper {
    @Select("SELECT id, name, category, price, embedding FROM items WHERE id < #{limit} ORDER BY id")
    @Results(id = "item", value = {
        @Result(property = "embedding", column = "embedding", typeHandler = FloatArrayTypeHandler.class)})
    List<Item> firstItems(@Param("limit") long limit);

    @Select("SELECT id, name, category, price, embedding FROM items WHERE id < #{limit} ORDER BY id")
    List<Item> firstItemsWithoutTheVectorHandler(@Param("limit") long limit);

    @Select("SELECT category, count(*) AS n, min(id) AS first_id FROM items GROUP BY category ORDER BY category")
    List<Map<String, Object>> categories();

    @Select("SELECT id, _distance FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\","
            + " \"query_vector\" = #{q, typeHandler=io.lancejdbc.conformance.clients.mybatis.FloatArrayTypeHandler},"
            + " \"top_k\" = 3)")
    List<Map<String, Object>> nearest(@Param("q") float[] q);
}
