#include "CJackSender.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <jack/jack.h>
#include <jack/midiport.h>
#include <jack/ringbuffer.h>

enum { XRUNS_KEPT = 64 };

struct bench_jack_sender {
    jack_client_t *client;
    jack_port_t *out;
    jack_ringbuffer_t *queue;
    /* When the server reported its last XRUNS_KEPT xruns (CLOCK_MONOTONIC, microseconds). */
    pthread_mutex_t xrun_lock;
    int64_t xrun_times[XRUNS_KEPT];
    unsigned xrun_count;
};

/* Realtime: copies what was queued into this cycle's buffer, never blocks or allocates. */
static int process(jack_nframes_t frames, void *arg) {
    bench_jack_sender *sender = arg;
    void *out = jack_port_get_buffer(sender->out, frames);
    jack_midi_clear_buffer(out);
    unsigned char message[3];
    while (jack_ringbuffer_read_space(sender->queue) >= sizeof message) {
        jack_midi_data_t *slot = jack_midi_event_reserve(out, 0, sizeof message);
        if (!slot) break; /* full this cycle: the rest goes in the next */
        jack_ringbuffer_read(sender->queue, (char *)message, sizeof message);
        for (size_t i = 0; i < sizeof message; i++) slot[i] = message[i];
    }
    return 0;
}

static void quiet(const char *message) { (void)message; }

static int64_t monotonic_usec(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* JACK's notification thread, not the realtime one: a lock is fine here. */
static int xrun(void *arg) {
    bench_jack_sender *sender = arg;
    int64_t now = monotonic_usec();
    pthread_mutex_lock(&sender->xrun_lock);
    sender->xrun_times[sender->xrun_count % XRUNS_KEPT] = now;
    sender->xrun_count++;
    pthread_mutex_unlock(&sender->xrun_lock);
    return 0;
}

bench_jack_sender *bench_jack_sender_open(const char *client_name, char *error, size_t error_size) {
    jack_set_error_function(quiet);
    jack_set_info_function(quiet);
    jack_status_t status = 0;
    jack_client_t *client = jack_client_open(client_name, JackNoStartServer, &status);
    if (!client) {
        snprintf(error, error_size, "no JACK server answered (status 0x%x)", (unsigned)status);
        return NULL;
    }
    bench_jack_sender *sender = calloc(1, sizeof *sender);
    if (!sender) { jack_client_close(client); snprintf(error, error_size, "out of memory"); return NULL; }
    sender->client = client;
    pthread_mutex_init(&sender->xrun_lock, NULL);
    sender->queue = jack_ringbuffer_create(4096);
    sender->out = jack_port_register(client, "notes", JACK_DEFAULT_MIDI_TYPE, JackPortIsOutput, 0);
    if (!sender->queue || !sender->out) {
        snprintf(error, error_size, "JACK refused the sender's port");
        bench_jack_sender_close(sender);
        return NULL;
    }
    jack_ringbuffer_mlock(sender->queue);
    jack_set_process_callback(client, process, sender);
    jack_set_xrun_callback(client, xrun, sender);
    if (jack_activate(client) != 0) {
        snprintf(error, error_size, "JACK did not activate the sender");
        bench_jack_sender_close(sender);
        return NULL;
    }
    return sender;
}

void bench_jack_sender_close(bench_jack_sender *sender) {
    if (!sender) return;
    if (sender->client) {
        jack_deactivate(sender->client);
        jack_client_close(sender->client);
    }
    if (sender->queue) jack_ringbuffer_free(sender->queue);
    pthread_mutex_destroy(&sender->xrun_lock);
    free(sender);
}

int bench_jack_sender_connections(bench_jack_sender *sender) {
    return jack_port_connected(sender->out);
}

/* From one thread at a time (the benchmark's main thread): a single writer. */
int bench_jack_sender_send(bench_jack_sender *sender, unsigned char status, unsigned char data1, unsigned char data2) {
    unsigned char message[3] = {status, data1, data2};
    if (jack_ringbuffer_write_space(sender->queue) < sizeof message) return 0;
    /* One write: the process callback sees the whole message or none of it. */
    jack_ringbuffer_write(sender->queue, (const char *)message, sizeof message);
    return 1;
}

int bench_jack_sender_xrun_between(bench_jack_sender *sender, int64_t from, int64_t to) {
    int found = 0;
    pthread_mutex_lock(&sender->xrun_lock);
    unsigned kept = sender->xrun_count < XRUNS_KEPT ? sender->xrun_count : XRUNS_KEPT;
    for (unsigned i = 0; i < kept && !found; i++)
        found = sender->xrun_times[i] >= from && sender->xrun_times[i] <= to;
    pthread_mutex_unlock(&sender->xrun_lock);
    return found;
}
