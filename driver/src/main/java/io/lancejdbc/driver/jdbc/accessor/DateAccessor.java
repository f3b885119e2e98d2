package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;

/**
 * date32(day) and date64(ms) → DATE read as {@link LocalDate}; a date64 value is the day it falls in (the manual
 * requires whole days). As a timestamp a date is its midnight.
 */
public abstract class DateAccessor extends ArrowAccessor {
    DateAccessor(FieldVector vector, String column) {
        super(vector, column, ArrowTypeMapping.DATE);
    }

    @Override
    public abstract LocalDate getLocalDate(int row);

    @Override
    public final LocalDateTime getLocalDateTime(int row) {
        return getLocalDate(row).atStartOfDay();
    }

    @Override
    public final Object getObject(int row) {
        return getLocalDate(row);
    }

    @Override
    public final String getString(int row) {
        return getLocalDate(row).toString();
    }

    static final class OfDay extends DateAccessor {
        private final ArrowBuf data;

        OfDay(DateDayVector vector, String column) {
            super(vector, column);
            this.data = vector.getDataBuffer();
        }

        @Override
        public LocalDate getLocalDate(int row) {
            return LocalDate.ofEpochDay(DateDayVector.get(data, row));
        }
    }

    static final class OfMilli extends DateAccessor {
        private static final long MILLIS_PER_DAY = 86_400_000L;
        private final ArrowBuf data;

        OfMilli(DateMilliVector vector, String column) {
            super(vector, column);
            this.data = vector.getDataBuffer();
        }

        @Override
        public LocalDate getLocalDate(int row) {
            return LocalDate.ofEpochDay(Math.floorDiv(DateMilliVector.get(data, row), MILLIS_PER_DAY));
        }
    }
}
