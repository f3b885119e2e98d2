package io.lancejdbc.sql.plan;

/**
 * The join kinds. SEMI and ANTI come from IN/EXISTS subqueries; SINGLE comes from a correlated scalar subquery: a LEFT
 * join that fails (SQLSTATE 21000) when a left row matches more than one right row.
 */
public enum JoinType {
    INNER, LEFT, RIGHT, FULL, CROSS, SEMI, ANTI, SINGLE
}
