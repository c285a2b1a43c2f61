package io.strata.spring.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A minimal Spring Boot application using the starter: nothing Strata-specific is configured here. */
@SpringBootApplication
public class GreetingApplication {}
