"""Plans: the horizon driver, its encoders, replaying every plan through the checker,
and the command slide and rotate share."""
