package io.lancejdbc.sql.plan;

/** The join kinds; SEMI and ANTI come from IN/EXISTS subqueries. */
public enum JoinType {
    INNER, LEFT, RIGHT, FULL, CROSS, SEMI, ANTI
}
