/** JMH benchmarks; run with {@code java -jar benchmarks/target/benchmarks.jar <pattern>}. */
package io.strata.benchmarks;
